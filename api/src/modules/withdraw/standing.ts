// One truth about a seller's money: what a withdrawal could take this minute ("available now"), and
// every hold and limit on the rest with what clears it and when. The wallet's balance, the withdraw
// form, the native apps' withdraw/information and the withdrawal's own refusals all say it from here.
import type { Queryable } from '../../db/db.js';
import { formatMinor, moneyText } from '../../lib/money.js';
import { moneyUser, moneyUserIn, walletCurrency, walletTypeOfMethod, type MoneyUser } from '../../shared/money-user.js';
import { perCountryJson, type Country, type RefTables, type Reference } from '../../shared/reference.js';
import { nextMidnight, sellerTime, sellerZone, type SellerZone } from '../../shared/seller-time.js';
import type { Ledger } from '../ledger/ledger.js';
import { kycToday, kycUser, kycUserIn, WITHDRAW_KYC_MESSAGES, type KycDeps, type KycUser } from '../kyc/service.js';
import { namesMatch } from '../kyc/names.js';
import {
  waitText,
  withdrawalBlock,
  withdrawalBlockOf,
  type SecurityDeps,
  type WithdrawalBlock,
} from '../security/service.js';
import { withdrawRepo, type StandingRow } from './repo.js';
import { limitsIn } from './limits.js';

/** What keeps money from leaving now. Open-ended on the wire: a client shows an unknown kind by its words. */
export type HoldKind =
  | 'freeze'
  | 'security_cooling_off'
  | 'payout_account_cooling_off'
  | 'no_payout_account'
  | 'payout_account_name'
  | 'verify_identity'
  | 'kyc_daily_limit'
  | 'kyc_single_limit'
  | 'daily_limit'
  | 'daily_count'
  | 'single_limit'
  | 'minimum'
  | 'pending_withdrawals';

export interface Hold {
  kind: HoldKind;
  /** A few words for a heading: "New payout account". */
  title: string;
  /** The reason in plain words, with what clears it and when (times in the seller's zone, named). */
  message: string;
  /** When it ends by itself (a cooling-off, a day's limit, a payout's promise), or null. */
  until: Date | null;
  /** How much of the wallet it keeps from leaving now (for pending withdrawals: the amount on its way). */
  amountMinor: bigint;
  /** While it lasts nothing can be withdrawn (set on the holds that stop every amount). */
  blocking?: boolean;
}

export interface MoneyStanding {
  walletType: 1 | 2;
  currency: { code: string; symbol: string; decimals: number };
  /** The cash in the wallet, not counting money held by pending withdrawals. */
  balanceMinor: bigint;
  /** Held by pending withdrawals: on its way out. */
  heldMinor: bigint;
  /** Exactly what one withdrawal could take this minute (0 while anything stops withdrawals). */
  availableMinor: bigint;
  /** Blocking reasons first, then the limits, then what is on its way. */
  holds: Hold[];
}

const SETTINGS = 'Settings → Verification';

export const STANDING_MESSAGES = {
  frozenByStaff: (reason: string, contact: string) =>
    `Our support team froze withdrawals on your account: ${reason.replace(/[.\s]+$/, '')}. Only they can lift the ` +
    `freeze: ${contact}.`,
  frozenNotMe: (contact: string) =>
    `Withdrawals are frozen because a change to your account was reported as not made by you. To unfreeze them, ` +
    `${contact}.`,
  contact: (email: string, whatsapp: string) =>
    `contact support at ${email}${whatsapp ? ` or on WhatsApp ${whatsapp}` : ''}`,
  securityCoolingOff: (reason: string, from: string) =>
    `For your safety, withdrawals are paused after a security change${reason ? ` (${reason})` : ''}. You can ` +
    `withdraw again from ${from}.`,
  accountCoolingOff: (account: string, from: string, wait: string) =>
    `For your safety, a new payout account can be paid to ${wait} after it is added. You can withdraw to ` +
    `${account} from ${from}.`,
  noAccount: (wait: string) =>
    `Add a payout account in Settings to withdraw.${
      wait ? ` For your safety, a new account can be paid to ${wait} ` + 'after it is added.' : ''
    }`,
  kycDaily: (
    level: number,
    remaining: string,
    daily: string,
    resets: string,
    next?: { level: number; daily: string },
  ) =>
    `You can withdraw ${remaining} more today (your daily limit at level ${level} is ${daily}). The limit resets on ` +
    `${resets}.${next ? ` Verify to level ${next.level} in ${SETTINGS} to withdraw up to ${next.daily} a day.` : ''}`,
  single: (max: string) => `One withdrawal can be at most ${max}. Withdraw the rest in another withdrawal.`,
  daily: (left: string, daily: string, resets: string) =>
    `You can withdraw ${left} more today (the daily limit is ${daily}). The limit resets on ${resets}.`,
  dailyCount: (n: number, resets: string) =>
    `You have made ${n} withdrawals today, the most allowed in a day. You can withdraw again from ${resets}.`,
  minimum: (min: string) => `The smallest withdrawal is ${min}. You can withdraw once you have at least that much.`,
  fee: (fee: string) => `A withdrawal must be more than its fee of ${fee}.`,
  pending: (amount: string, n: number, by: string | null) =>
    `${amount} is on its way to your payout account (${n} withdrawal${n === 1 ? '' : 's'})` +
    `${by ? `, promised by ${by}` : ''}. It has left your cash balance; if a payout fails, it comes back to your ` +
    `wallet.`,
} as const;

const TITLES: Record<HoldKind, string> = {
  freeze: 'Withdrawals frozen',
  security_cooling_off: 'Paused after a security change',
  payout_account_cooling_off: 'New payout account',
  no_payout_account: 'No payout account',
  payout_account_name: 'Payout account not in your name',
  verify_identity: 'Identity not verified',
  kyc_daily_limit: "Today's limit",
  kyc_single_limit: 'Limit per withdrawal',
  daily_limit: "Today's limit",
  daily_count: 'Withdrawals today',
  single_limit: 'Limit per withdrawal',
  minimum: 'Below the minimum',
  pending_withdrawals: 'Being paid out',
};

export interface StandingDeps {
  ref: Reference;
  ledger: Pick<Ledger, 'userBalances'>;
  security: Pick<SecurityDeps, 'now' | 'config'>;
  kyc: Pick<KycDeps, 'ref' | 'tiers'>;
  /** Where a frozen seller reaches us (the app's support settings). */
  contact: { email: string; whatsapp: string };
}

/** The words of a withdrawal block (a freeze or a cooling-off), as the standing and the refusal both say them. */
export function blockHold(
  block: WithdrawalBlock,
  input: {
    zone: SellerZone;
    contact: StandingDeps['contact'];
    account?: string;
    amountMinor: bigint;
    /** How long a new payout account waits (the setting), in words. */
    wait: string;
  },
): Hold {
  const { zone, amountMinor } = input;
  if ('frozen' in block) {
    const contact = STANDING_MESSAGES.contact(input.contact.email, input.contact.whatsapp);
    const message = block.staffReason
      ? STANDING_MESSAGES.frozenByStaff(block.staffReason, contact)
      : STANDING_MESSAGES.frozenNotMe(contact);
    return holdOf('freeze', message, amountMinor);
  }
  const from = sellerTime(block.until, zone);
  if (block.cause.kind === 'security')
    return holdOf(
      'security_cooling_off',
      STANDING_MESSAGES.securityCoolingOff(block.cause.reason, from),
      amountMinor,
      block.until,
    );
  return holdOf(
    'payout_account_cooling_off',
    STANDING_MESSAGES.accountCoolingOff(input.account ?? 'this account', from, input.wait),
    amountMinor,
    block.until,
  );
}

/** "GTBank 0123456789": how a payout account is named in a hold. */
const accountName = (a: { bank_name: string; account_no: string }) => `${a.bank_name} ${a.account_no}`;

/**
 * What moneyStanding reads about one user, read at once for both wallets (withdrawRepo.standing: one statement, one
 * snapshot) when a caller shows both: the same values its reads one by one would give, with the money user and its
 * orders being checked read in the same statement.
 */
export interface StandingSnapshot {
  /** The reference tables it was made with (the rest of the read looks up in them, without a wait). */
  tables: RefTables;
  user: MoneyUser;
  /** The user's orders being checked. */
  pendingOrders: number;
  balances: StandingRow['balances'];
  block: WithdrawalBlock | null;
  /** The block of a withdrawal to this account (`block`, and the account's own wait when it has one). */
  blockFor: (account: { usable_from: Date | null } | undefined) => WithdrawalBlock | null;
  /** The payout accounts, the default first (then the oldest). */
  accounts: StandingRow['accounts'];
  who: KycUser;
  dayEnd: Date;
  /** Per wallet currency: the server day's withdrawals, the KYC day's use, what is on its way. */
  wallets: Map<
    string,
    { today: { n: number; total: bigint }; kycUsed: bigint; unsettled: { n: number; promised: Date | null } }
  >;
}

/**
 * Per country, its wallet currencies (a money user's, local then USDT) and its seller time zone, as JSON for the
 * standing's one statement (made again only when the reference data is read again: Reference.perCountries).
 */
const countryWallets = (countries: Country[]) =>
  perCountryJson(countries, (c) => ({
    currencies: [...new Set([c.wallet_currency, 'USDT'])],
    zone: sellerZone(c.short_name).zone,
  }));

/**
 * The signed-in money user and the snapshot of both wallets' standing reads, in one statement (see StandingSnapshot).
 * Refused as moneyUser refuses: no active user (TOKEN_INVALID), a country not enabled.
 */
export async function standingSnapshot(
  q: Queryable,
  deps: Pick<StandingDeps, 'ref' | 'security' | 'kyc'>,
  input: { userId: number },
): Promise<StandingSnapshot> {
  const rows = await withdrawRepo.standing(q, {
    userId: input.userId,
    wallets: await deps.ref.perCountries(countryWallets),
  });
  const first = rows[0];
  const tables = await deps.ref.tables();
  const u = moneyUserIn(tables, first);
  const who = kycUserIn(tables, first);
  if (!first) throw new Error('unreachable: moneyUserIn refuses a missing user');
  const wallets: StandingSnapshot['wallets'] = new Map();
  // The KYC day is the seller's, in the zone of the user's country (picked in the statement).
  for (const r of rows)
    if (r.code !== null)
      wallets.set(r.code, {
        today: { n: r.today_n, total: r.today_total },
        kycUsed: r.kyc_used,
        unsettled: { n: r.unsettled_n, promised: r.unsettled_promised },
      });
  const blockFor = (account: { usable_from: Date | null } | undefined) =>
    withdrawalBlockOf(deps.security, { ...first, usable_from: account?.usable_from ?? null });
  return {
    tables,
    user: u,
    pendingOrders: first.pending_orders,
    balances: first.balances,
    block: blockFor(undefined),
    blockFor,
    accounts: first.accounts,
    who,
    dayEnd: first.day_end,
    wallets,
  };
}

/**
 * A seller's money in one wallet (1: local, 2: USDT): the same checks applyWithdrawal makes, in its
 * order, without an amount — the freeze and cooling-offs, a payout account that may be paid to now,
 * the identity level, the platform's limits per withdrawal and per day, the balance, the minimum and
 * the fee. `availableMinor` is the largest amount that passes them all (0 when one stops every
 * amount); each limit that keeps money back is a hold. A read: the withdrawal checks again under its
 * wallet lock, so parallel withdrawals can never take more than this together.
 */
export async function moneyStanding(
  q: Queryable,
  deps: StandingDeps,
  input: { userId: number; walletType: 1 | 2; user?: MoneyUser; snapshot?: StandingSnapshot },
): Promise<MoneyStanding> {
  const { ref, ledger, security, kyc } = deps;
  const { walletType } = input;
  const u = input.user ?? (await moneyUser(q, { ref }, input.userId));
  const cur = walletCurrency(u, walletType);
  const zone = sellerZone(u.country.short_name);
  const now = new Date(security.now());
  // Each read from the snapshot when one was taken for this user, else from the database, in the same order.
  const snap = input.snapshot && input.snapshot.who.id === u.id ? input.snapshot : undefined;
  const wallet = snap?.wallets.get(cur.code);

  const balances = snap ? snap.balances : await ledger.userBalances(q, u.id);
  const cash = balances.find((b) => b.kind === 'cash' && b.currency === cur.code);
  const balanceMinor = cash?.balanceMinor ?? 0n;
  const heldMinor = cash?.heldMinor ?? 0n;

  const blocking: Hold[] = [];
  const limits: Hold[] = [];

  // The account's freeze or a security change's cooling-off: nothing leaves, whatever the account.
  const block = snap ? snap.block : await withdrawalBlock(q, security, { userId: u.id });
  const coolingOffMs = security.config.security.coolingOffMs;
  const wait = waitText(coolingOffMs);
  if (block) blocking.push(blockHold(block, { zone, contact: deps.contact, amountMinor: balanceMinor, wait }));

  // A payout account of this wallet that may be paid to now: in the verified name (as the withdrawal
  // requires of bank and mobile-money accounts) and past its wait; otherwise when the first one may.
  const who = snap ? snap.who : await kycUser(q, kyc, u.id);
  const verifiedName = who.name;
  let accounts = 0;
  let payable = 0;
  let firstAccount: StandingRow['accounts'][number] | undefined;
  let firstWaiting: StandingRow['accounts'][number] | undefined;
  let waiting = 0;
  for (const a of snap ? snap.accounts : await withdrawRepo.accounts(q, u.id)) {
    if (walletTypeOfMethod(u, a.method) !== walletType) continue;
    accounts++;
    firstAccount ??= a;
    if (a.method !== 'USDT' && verifiedName && !namesMatch(a.account_name, verifiedName)) continue;
    payable++;
    if (!a.usable_from || a.usable_from.getTime() <= now.getTime()) continue;
    waiting++;
    if (!firstWaiting || a.usable_from < (firstWaiting.usable_from as Date)) firstWaiting = a;
  }
  if (accounts === 0) {
    blocking.push(holdOf('no_payout_account', STANDING_MESSAGES.noAccount(coolingOffMs > 0 ? wait : ''), balanceMinor));
  } else if (payable === 0) {
    blocking.push(
      holdOf(
        'payout_account_name',
        WITHDRAW_KYC_MESSAGES.payoutName(firstAccount!.account_name, verifiedName ?? ''),
        balanceMinor,
      ),
    );
  } else if (waiting === payable) {
    const until = firstWaiting!.usable_from as Date;
    blocking.push(
      holdOf(
        'payout_account_cooling_off',
        STANDING_MESSAGES.accountCoolingOff(accountName(firstWaiting!), sellerTime(until, zone), wait),
        balanceMinor,
        until,
      ),
    );
  }

  // Each limit as the largest amount it lets through; its hold is worded only when it keeps money back.
  const tables = snap ? snap.tables : await ref.tables();
  const platform = limitsIn(tables, cur.code);
  const today = wallet ? wallet.today : await withdrawRepo.today(q, u.id, cur.code);
  const dayEnd = snap ? snap.dayEnd : await withdrawRepo.dayEnd(q);
  if (today.n >= platform.dailyCount)
    blocking.push(
      holdOf('daily_count', STANDING_MESSAGES.dailyCount(today.n, sellerTime(dayEnd, zone)), balanceMinor, dayEnd),
    );
  const caps: Cap[] = [
    { kind: 'single_limit', limit: platform.max },
    { kind: 'daily_limit', limit: platform.dailyMax > today.total ? platform.dailyMax - today.total : 0n },
  ];

  const tiers = kyc.tiers[who.countryCode];
  let day: Awaited<ReturnType<typeof kycToday>>;
  if (tiers && who.level < 1) {
    blocking.push(holdOf('verify_identity', WITHDRAW_KYC_MESSAGES.unverified(tiers), balanceMinor));
  } else if (tiers) {
    day = await kycToday(q, kyc, { user: who, currency: cur.code, used: wallet?.kycUsed, tables });
    if (day) {
      caps.push({ kind: 'kyc_single_limit', limit: day.limits.singleMinor });
      caps.push({ kind: 'kyc_daily_limit', limit: day.remaining });
    }
  }

  // The limits that keep part of the balance back, tightest first.
  let available = balanceMinor;
  caps.sort((a, b) => (a.limit < b.limit ? -1 : a.limit > b.limit ? 1 : 0));
  for (const c of caps) {
    if (c.limit < balanceMinor) {
      const kept = balanceMinor - c.limit;
      const text = (m: bigint) => moneyText(m, cur);
      if (c.kind === 'single_limit')
        limits.push(holdOf('single_limit', STANDING_MESSAGES.single(text(platform.max)), kept));
      else if (c.kind === 'daily_limit')
        limits.push(
          holdOf(
            'daily_limit',
            STANDING_MESSAGES.daily(text(c.limit), text(platform.dailyMax), sellerTime(dayEnd, zone)),
            kept,
            dayEnd,
          ),
        );
      else if (c.kind === 'kyc_single_limit')
        limits.push(
          holdOf(
            'kyc_single_limit',
            WITHDRAW_KYC_MESSAGES.single(
              who.level,
              text(day!.limits.singleMinor),
              day!.next ? { level: day!.next.level, single: text(day!.next.singleMinor) } : undefined,
            ),
            kept,
          ),
        );
      else {
        const resets = nextMidnight(zone, now);
        limits.push(
          holdOf(
            'kyc_daily_limit',
            STANDING_MESSAGES.kycDaily(
              who.level,
              text(day!.remaining),
              text(day!.limits.dailyMinor),
              sellerTime(resets, zone),
              day!.next ? { level: day!.next.level, daily: text(day!.next.dailyMinor) } : undefined,
            ),
            kept,
            resets,
          ),
        );
      }
    }
    if (c.limit < available) available = c.limit;
  }
  // Too little to make one withdrawal of: the minimum, and more than the fee.
  let minimum = false;
  if (available > 0n && blocking.length === 0) {
    if (available < platform.min) {
      limits.push(holdOf('minimum', STANDING_MESSAGES.minimum(moneyText(platform.min, cur)), available));
      minimum = true;
    } else if (available <= platform.fee) {
      limits.push(holdOf('minimum', STANDING_MESSAGES.fee(moneyText(platform.fee, cur)), available));
      minimum = true;
    }
  }
  if (blocking.length > 0 || minimum) available = 0n;

  const holds: Hold[] = [];
  for (const h of blocking) {
    h.blocking = true;
    holds.push(h);
  }
  for (const h of limits) holds.push(h);
  if (heldMinor > 0n) {
    const out = wallet ? wallet.unsettled : await withdrawRepo.unsettled(q, u.id, cur.code);
    holds.push(
      holdOf(
        'pending_withdrawals',
        STANDING_MESSAGES.pending(
          moneyText(heldMinor, cur),
          Math.max(out.n, 1),
          out.promised ? sellerTime(out.promised, zone) : null,
        ),
        heldMinor,
        out.promised,
      ),
    );
  }

  return {
    walletType,
    currency: { code: cur.code, symbol: cur.symbol, decimals: cur.decimals },
    balanceMinor,
    heldMinor,
    availableMinor: available,
    holds,
  };
}

/** A limit on one withdrawal or on the day's, as the largest amount it lets through. */
interface Cap {
  kind: 'single_limit' | 'daily_limit' | 'kyc_single_limit' | 'kyc_daily_limit';
  limit: bigint;
}

/** A hold of this kind, titled as every hold of it is. */
function holdOf(kind: HoldKind, message: string, amountMinor: bigint, until: Date | null = null): Hold {
  return { kind, title: TITLES[kind], message, until, amountMinor };
}

/** A standing on the wire: amounts as decimal text in the wallet's currency, times as Unix seconds (0: none). */
export function standingView(s: MoneyStanding) {
  const { decimals } = s.currency;
  const holds = [];
  for (const h of s.holds) holds.push(holdView(h, decimals));
  return {
    wallet_type: s.walletType,
    currency_name: s.currency.code,
    available_now: formatMinor(s.availableMinor, decimals),
    balance: formatMinor(s.balanceMinor, decimals),
    held: formatMinor(s.heldMinor, decimals),
    holds,
  };
}

/** A hold on the wire, its amount in a currency of `decimals` places. */
export function holdView(h: Hold, decimals: number) {
  return {
    kind: h.kind,
    title: h.title,
    message: h.message,
    until: h.until ? Math.floor(h.until.getTime() / 1000) : 0,
    amount: formatMinor(h.amountMinor, decimals),
    blocking: h.blocking ?? false,
  };
}
