// The card a visitor chose in the rate calculator (the catalog card — brand, card currency, form and
// denomination band in one id —, the amount, and the payout currency they were quoted in), carried to sign-up and the
// sell form: in the link's query, then kept in this tab's session storage through sign-up's steps. Everything read back
// is checked for shape only; whether the card is still offered is for the sell form to decide against today's catalog
// (a card no longer offered leaves the form on its first card, without an error). Bundled by each
// remote that imports it (a subpath, not part of the shared singleton).
import { readJson, writeJson, writeStorage } from '@giftlane/shared-sdk';

export interface SellChoice {
  /** The catalog card (card_id): its brand, card currency and form are what the sell form chooses. */
  card: number;
  /** The face value as typed, a plain decimal ("100", "25.50"). */
  amount: string;
  /** The payout currency the visitor was quoted in (NGN or GHS picks the country at sign-up). */
  payout?: string;
}

/** The sell form's path. */
export const SELL_FORM_PATH = '/homes/sell-gift-card';

const KEY = 'giftlane_sell_choice';
const PAYOUTS = ['NGN', 'GHS', 'USDT'] as const;

/** A choice checked for shape: each field is dropped when it is not what the calculator sends. */
function checked(raw: Record<string, unknown>): SellChoice | undefined {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const cardText = text(raw.card);
  const card = /^\d{1,9}$/.test(cardText) ? Number(cardText) : 0;
  if (!card) return undefined;
  const amount = text(raw.amount);
  const payout = text(raw.payout).toUpperCase();
  return {
    card,
    amount: /^\d{1,7}(\.\d{1,2})?$/.test(amount) ? amount : '',
    ...((PAYOUTS as readonly string[]).includes(payout) ? { payout } : {}),
  };
}

/** The query (without "?") that carries a choice: card, amount, payout. */
export function sellChoiceQuery(c: SellChoice): string {
  const q = new URLSearchParams({ card: String(c.card) });
  if (c.amount) q.set('amount', c.amount);
  if (c.payout) q.set('payout', c.payout);
  return q.toString();
}

/** The choice a link carries (undefined without a valid card). */
export function readSellChoice(search: string | URLSearchParams): SellChoice | undefined {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (!q.has('card')) return undefined;
  return checked({
    card: q.get('card'),
    amount: q.get('amount'),
    payout: q.get('payout'),
  });
}

/** Keeps a choice for this tab (sign-up's steps, a reload) until the sell form takes it. */
export const rememberSellChoice = (c: SellChoice) => writeJson('session', KEY, c);

/** The choice kept in this tab, checked again (what is stored can be edited), or undefined. */
export function recalledSellChoice(): SellChoice | undefined {
  const raw = readJson<Record<string, unknown>>('session', KEY);
  return raw && typeof raw === 'object' ? checked(raw) : undefined;
}

export const forgetSellChoice = () => writeStorage('session', KEY, null);

/** The sell form with the choice in its query, or the plain sell form without one. */
export const sellFormPath = (c?: SellChoice) => (c ? `${SELL_FORM_PATH}?${sellChoiceQuery(c)}` : SELL_FORM_PATH);
