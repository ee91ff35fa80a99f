import type { Queryable } from '../../db/db.js';

/** The kind of notice that stays unread until the user opens it (never marked by "mark all as read"). */
export const SECURITY_NOTICE_KIND = 'security';

/** A reason as the end of a sentence: one full stop, never "..". */
export const sentenceEnd = (text: string): string => {
  const t = text.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
};

export interface NoticeInput {
  title: string;
  content: string;
  /** `security`: a sign-in, password or payout-account change; "mark all as read" skips it. */
  kind?: 'notice' | 'system' | typeof SECURITY_NOTICE_KIND;
  /** An in-app route code (CONTRACT §6.10) and its parameters. */
  action?: string;
  params?: Record<string, string>;
  orderNo?: string;
}

/**
 * Notifications: every order, withdrawal, reward and security event creates one, in the same
 * transaction as the event, so a notice exists exactly when its event happened.
 */
export async function notify(q: Queryable, userId: number, n: NoticeInput): Promise<void> {
  await q.query('insert into notices (user_id, kind, title, content, action, params, order_no) values ($1,$2,$3,$4,$5,$6,$7)', [
    userId,
    n.kind ?? 'system',
    n.title,
    n.content,
    n.action ?? '',
    JSON.stringify(n.params ?? {}),
    n.orderNo ?? null,
  ]);
}
