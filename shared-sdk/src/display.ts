// Small display rules of SPEC §4 and §9 that more than one app shows. Pure.

export const GREETING_FALLBACK = 'Guest';
export const GREETING_MAX_CHARS = 10;

/** The navbar greeting: the nickname's first word, cut to 10 characters plus '...'; else 'Guest'. */
export function greetingName(nickname: string | null | undefined): string {
  const first = (nickname ?? '').trim().split(/\s+/)[0] ?? '';
  if (first === '') return GREETING_FALLBACK;
  // Array.from counts characters, not UTF-16 units, so an emoji or accented name is not split.
  const chars = Array.from(first);
  return chars.length > GREETING_MAX_CHARS ? `${chars.slice(0, GREETING_MAX_CHARS).join('')}...` : first;
}

export type VipBadge = 1 | 2 | 3 | 4 | 5 | 'default';

/** Levels 1 to 5 each have their own badge; any other level, 0 included, the default one. */
export function vipBadgeLevel(level: number | string | null | undefined): VipBadge {
  const n = Number(level);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? (n as 1 | 2 | 3 | 4 | 5) : 'default';
}

/** The unread count is shown only above 0 (SPEC §4). */
export const showUnreadCount = (count: number): boolean => count > 0;

/** The names of the forms a card comes in (DESIGN §5), for places where the api sends only the code. */
const CARD_FORM_NAMES: Record<string, string> = {
  physical: 'Physical card',
  ecode: 'E-code',
  cash_receipt: 'Cash receipt',
  debit_receipt: 'Debit receipt',
  no_receipt: 'No receipt',
};

export function cardFormName(code: string | undefined): string {
  if (!code) return 'Any form';
  return CARD_FORM_NAMES[code] ?? code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
