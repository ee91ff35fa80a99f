import type { Queryable } from '../../db/db.js';

/** A reason as the end of a sentence: one full stop, never "..". */
export const sentenceEnd = (text: string): string => {
  const t = text.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
};

export interface NoticeInput {
  title: string;
  content: string;
  kind?: 'notice' | 'system';
  /** An in-app route code (CONTRACT §6.10) and its parameters. */
  action?: string;
  params?: Record<string, string>;
  orderNo?: string;
  /** A security notice (sign-in, account change): stays unread until opened, never marked read in bulk. */
  security?: boolean;
}

/**
 * Notifications: every order, withdrawal, reward and security event creates one, in the same
 * transaction as the event, so a notice exists exactly when its event happened.
 */
export async function notify(q: Queryable, userId: number, n: NoticeInput): Promise<void> {
  await q.query('insert into notices (user_id, kind, title, content, action, params, order_no, security) values ($1,$2,$3,$4,$5,$6,$7,$8)', [
    userId,
    n.kind ?? 'system',
    n.title,
    n.content,
    n.action ?? '',
    JSON.stringify(n.params ?? {}),
    n.orderNo ?? null,
    n.security ?? false,
  ]);
}
