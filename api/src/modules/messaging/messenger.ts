import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Channel = 'email' | 'whatsapp';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  /** The one-time code the message carries, if any (the dev outbox shows it on its own). */
  code?: string;
}

export interface OutboxEntry {
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  code: string | null;
  created_at: string;
}

/** The last messages that had no provider to go to, newest first. Development only. */
export class DevOutbox {
  private entries: OutboxEntry[] = [];
  constructor(private readonly max = 500) {}
  add(m: OutgoingMessage): void {
    this.entries.unshift({ channel: m.channel, to: m.to, subject: m.subject, text: m.text, code: m.code ?? null, created_at: new Date().toISOString() });
    if (this.entries.length > this.max) this.entries.length = this.max;
  }
  list(): OutboxEntry[] {
    return [...this.entries];
  }
  clear(): void {
    this.entries = [];
  }
}

export interface Sender {
  send(m: OutgoingMessage): Promise<void>;
  close?(): Promise<void> | void;
}

/** How long the mail server may take to accept the connection, to greet, and to pause once talking (ms). */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export class SmtpSender implements Sender {
  private readonly transport: Transporter;
  constructor(url: string, private readonly from: string, timeouts: SmtpTimeouts = { connectionMs: 5_000, greetingMs: 5_000, socketMs: 15_000 }) {
    // nodemailer's defaults are 2 minutes, 30 s and 10 minutes: a mail server that stalls would hold
    // the send (and, before the outbox, the request) that long.
    this.transport = nodemailer.createTransport({ url, connectionTimeout: timeouts.connectionMs, greetingTimeout: timeouts.greetingMs, socketTimeout: timeouts.socketMs });
  }
  async send(m: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }
  close(): void {
    this.transport.close();
  }
}

/**
 * WhatsApp Cloud API: one-time codes go out as an authentication template whose single body
 * parameter (and copy-code button) is the code; other messages as plain text, which WhatsApp only
 * delivers inside a 24-hour customer-service window.
 */
export class WhatsAppCloudSender implements Sender {
  constructor(
    private readonly opts: { apiUrl: string; phoneNumberId: string; accessToken: string; template: string; templateLang: string },
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 8_000,
  ) {}
  async send(m: OutgoingMessage): Promise<void> {
    const to = m.to.replace(/\D/g, '');
    const body = m.code
      ? {
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: {
            name: this.opts.template,
            language: { code: this.opts.templateLang },
            components: [
              { type: 'body', parameters: [{ type: 'text', text: m.code }] },
              { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: m.code }] },
            ],
          },
        }
      : { messaging_product: 'whatsapp', to, type: 'text', text: { body: m.text } };
    const res = await this.fetchImpl(`${this.opts.apiUrl.replace(/\/$/, '')}/${this.opts.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.opts.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`WhatsApp Cloud API answered ${res.status}`);
  }
}

/** An address for the log: enough to tell messages apart, not enough to be a list of users. */
export const maskAddress = (to: string) => (to.includes('@') ? `${to.slice(0, 1)}…@${to.split('@').pop()}` : `…${to.slice(-3)}`);

/**
 * Sends e-mail and WhatsApp messages through the configured providers. A channel without a provider
 * goes to the dev outbox outside production; bodies and codes are written to the log only when
 * `logBodies` (production's ALLOW_CODE_LOG=1) says so — never otherwise.
 */
export class Messenger {
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly senders: Partial<Record<Channel, Sender>>,
    readonly outbox: DevOutbox | null,
    private readonly opts: { logBodies?: boolean } = {},
  ) {}

  async send(m: OutgoingMessage): Promise<void> {
    const sender = this.senders[m.channel];
    if (sender) {
      await sender.send(m);
      this.log.info({ channel: m.channel, to: maskAddress(m.to), subject: m.subject }, 'message sent');
      return;
    }
    this.outbox?.add(m);
    if (this.opts.logBodies) this.log.warn({ channel: m.channel, to: m.to, subject: m.subject, text: m.text }, 'message (no provider configured; ALLOW_CODE_LOG)');
    else this.log.info({ channel: m.channel, to: maskAddress(m.to), subject: m.subject }, this.outbox ? 'message put in the dev outbox' : 'message NOT sent: no provider configured');
  }

  async close(): Promise<void> {
    for (const s of Object.values(this.senders)) await s?.close?.();
  }
}
