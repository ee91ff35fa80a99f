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
  /**
   * An update about the seller's money or a conversation with us (an order decided or late, a payout, an
   * offer, an appeal, a case reply): also sent to their verified e-mail and WhatsApp, each unless turned off.
   */
  alert?: boolean;
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
    alert: n.alert ?? false,
  });
}

/** The seller's channels for updates about their money, as Settings shows them (user/alertChannels). */
export async function alertChannels(q: Queryable, input: { userId: number }) {
  const c = await noticeRepo.alertChannels(q, input.userId);
  return {
    email: c?.email ?? '',
    email_verified: Boolean(c?.email && c.email_verified),
    email_on: c?.alert_email ?? false,
    whatsapp: c?.whatsapp ? `+${c.whatsapp}` : '',
    whatsapp_verified: Boolean(c?.whatsapp && c.whatsapp_verified),
    whatsapp_on: c?.alert_whatsapp ?? false,
  };
}

/** Turns e-mail and WhatsApp updates on or off; answers the channels as they now are. */
export async function setAlertChannels(q: Queryable, input: { userId: number; email: boolean; whatsapp: boolean }) {
  await noticeRepo.setAlertChannels(q, input.userId, { email: input.email, whatsapp: input.whatsapp });
  return alertChannels(q, input);
}
