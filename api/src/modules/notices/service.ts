import type { Queryable } from '../../db/db.js';
import { noticeRepo } from './repo.js';

/** A reason as the end of a sentence: one full stop, never "..". */
export const sentenceEnd = (text: string): string => {
  const t = text.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
};

export interface NoticeInput {
  /** Whose notice it is. */
  userId: number;
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
export async function notify(q: Queryable, n: NoticeInput): Promise<void> {
  await noticeRepo.insert(q, {
    userId: n.userId,
    kind: n.kind ?? 'system',
    title: n.title,
    content: n.content,
    action: n.action ?? '',
    params: n.params ?? {},
    orderNo: n.orderNo ?? null,
    security: n.security ?? false,
  });
}
