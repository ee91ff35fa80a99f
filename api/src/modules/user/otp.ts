import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { trustLine } from '../../shared/trust-line.js';
import type { Channel, Messenger } from '../messaging/messenger.js';
import { outboxRepo } from '../messaging/repo.js';
import { notify } from '../notices/service.js';

export type OtpPurpose =
  | 'register'
  | 'reset_password'
  | 'bind_email'
  | 'bind_whatsapp'
  | 'change_email'
  | 'reset_tpassword'
  | 'confirm_change';

/**
 * One-time codes. Four digits is what the contract allows, so the rest compensates (DESIGN §4):
 * drawn from a CSPRNG, valid 10 minutes, used once, bound to purpose and address, 5 tries per code
 * (each counted atomically before its comparison, so parallel guesses cannot compare more), a new
 * code replaces the previous one, sends are capped per address and per IP with 60 s between two
 * sends to one address, and wrong codes are capped per address and per account across codes
 * (10 a day per purpose), after which checks for that purpose pause for 24 hours with a notice.
 */
export const OTP_LIMITS = {
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
  resendGapMs: 60_000,
  perAddressPerHour: 5,
  perAddressPerDay: 10,
  perIpPerHour: 30,
  failuresPerDay: 10,
  lockMs: 24 * 3600_000,
} as const;

export const OTP_MESSAGES = {
  wrong: 'Invalid verification code',
  /** A wrong code that may still be tried: how many tries this code has left (never more than today's budget). */
  wrongTriesLeft: (n: number) => `Invalid verification code: ${n} ${n === 1 ? 'try' : 'tries'} left`,
  expired: 'The verification code has expired, please request a new one',
  tooManyTries: 'Too many wrong attempts, please request a new code',
  tooSoon: (s: number) => `Please wait ${s} seconds before requesting another code`,
  capAddress: 'Too many codes requested for this address, please try again later',
  capIp: 'Too many codes requested, please try again later',
  locked: 'Too many wrong codes: for your safety, code checks are paused for 24 hours',
  /** The newest code's message could not be delivered (the provider failed every attempt, or is still failing). */
  undelivered:
    'We could not deliver your verification code to this address. Check it, then tap Resend code (or try again in a ' +
    'few minutes)',
} as const;

const purposeText: Record<OtpPurpose, string> = {
  register: 'verify your sign-up',
  reset_password: 'reset your password',
  bind_email: 'confirm this e-mail address',
  bind_whatsapp: 'confirm this WhatsApp number',
  change_email: 'confirm your new e-mail address',
  reset_tpassword: 'reset your transaction password',
  confirm_change: 'confirm replacing this address on your account',
};

/** A message sent instead of a code (e.g. "you already have an account"); the caps apply alike. */
export interface InsteadOfCode {
  subject: string;
  text: string;
}

export interface CheckOptions {
  /**
   * The account the code acts for, when there is one: its failures are capped too, and it gets an in-app notice on a
   * lock.
   */
  userId?: number | null;
}

export class Otp {
  constructor(
    private readonly db: Db,
    private readonly messenger: Messenger,
    private readonly secret: string,
    private readonly productName: string,
    private readonly now: () => number = Date.now,
    /** Codes one client address may ask for in an hour (OTP_LIMITS.perIpPerHour unless configured). */
    private readonly perIpPerHour: number = OTP_LIMITS.perIpPerHour,
    /** The site whose "Official channels" page every code message names (none when empty). */
    private readonly siteUrl = '',
  ) {}

  private hash(purpose: OtpPurpose, address: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}\n${address}\n${code}`).digest('hex');
  }

  /**
   * Checks the caps, stores a fresh code (replacing older ones) and sends it. With `instead`, the
   * same caps are checked and the same bookkeeping done, but the message sent is `instead` and the
   * stored code is one nobody was given: the reply and its timing do not tell which happened (a
   * sign-up code asked for an address that has an account, a reset asked for one that has none).
   */
  async send(input: {
    purpose: OtpPurpose;
    channel: Channel;
    address: string;
    ip: string;
    instead?: InsteadOfCode;
  }): Promise<void> {
    const { purpose, channel, address, ip, instead } = input;
    const now = this.now();
    const to = channel === 'whatsapp' ? `+${address}` : address;
    // The code and its message are written in one transaction (the outbox): the reply never
    // waits for the provider, and a message is never lost. A provider that fails is retried by the
    // queue; a check of an undelivered code says so (OTP_MESSAGES.undelivered).
    const messageId = await this.db.tx(async (q) => {
      // Serialise sends to one address so two parallel requests cannot both pass the 60 s gap.
      await q.query('select pg_advisory_xact_lock(hashtext($1))', [`otp:${address}`]);
      const stats = await q.query<{ last: Date | null; hour: number; day: number }>(
        `select max(created_at) as last,
                count(*) filter (where created_at > $2)::int as hour,
                count(*) filter (where created_at > $3)::int as day
           from otp_codes where address = $1 and created_at > $3`,
        [address, new Date(now - 3600_000), new Date(now - 86_400_000)],
      );
      const lastDelivery = await q.query<{ status: string | null }>(
        'select o.status from otp_codes c left join outbox o on o.id = c.message_id where c.address = $1 order by ' +
          'c.created_at desc limit 1',
        [address],
      );
      const s = stats.rows[0];
      const undelivered = ['failed', 'dead', 'expired'].includes(lastDelivery.rows[0]?.status ?? '');
      // The 60 s between two codes is waived when the last one could not be delivered: nothing arrived.
      if (s?.last && !undelivered && now - s.last.getTime() < OTP_LIMITS.resendGapMs) {
        throw new AppError(OTP_MESSAGES.tooSoon(Math.ceil((OTP_LIMITS.resendGapMs - (now - s.last.getTime())) / 1000)));
      }
      if ((s?.hour ?? 0) >= OTP_LIMITS.perAddressPerHour || (s?.day ?? 0) >= OTP_LIMITS.perAddressPerDay)
        throw new AppError(OTP_MESSAGES.capAddress);
      if (ip) {
        const byIp = await q.query<{ n: number }>(
          'select count(*)::int as n from otp_codes where ip = $1 and created_at > $2',
          [ip, new Date(now - 3600_000)],
        );
        if ((byIp.rows[0]?.n ?? 0) >= this.perIpPerHour) throw new AppError(OTP_MESSAGES.capIp);
      }
      // A code could not be checked while the address is locked: say so rather than send one.
      const lock = await q.query<{ locked_until: Date | null }>(
        'select locked_until from otp_guard where purpose = $1 and subject = $2',
        [purpose, `a:${address}`],
      );
      if ((lock.rows[0]?.locked_until?.getTime() ?? 0) > now) throw new AppError(OTP_MESSAGES.locked);
      const fresh = instead ? randomBytes(16).toString('hex') : randomInt(0, 10_000).toString().padStart(4, '0');
      // The codes this one replaces: their messages, if still unsent, are not sent at all.
      await outboxRepo.cancelCodeMessages(q, address, purpose);
      await q.query(
        'update otp_codes set superseded = true where address = $1 and purpose = $2 and consumed_at is null and not ' +
          'superseded',
        [address, purpose],
      );
      const expires = new Date(now + OTP_LIMITS.ttlMs);
      const row = await q.query<{ id: bigint }>(
        'insert into otp_codes (purpose, channel, address, code_hash, ip, created_at, expires_at) values ' +
          '($1,$2,$3,$4,$5,$6,$7) returning id',
        [purpose, channel, address, this.hash(purpose, address, fresh), ip, new Date(now), expires],
      );
      const codeId = row.rows[0]!.id;
      // Not a code: a failure to deliver it must not answer differently from a code that was sent.
      const trust = this.siteUrl ? `\n\n${trustLine(this.siteUrl)}` : '';
      const message = instead
        ? { channel, to, subject: instead.subject, text: instead.text + trust }
        : {
            channel,
            to,
            subject: `Your ${this.productName} verification code`,
            text:
              `Your ${this.productName} code is ${fresh}. Use it to ${purposeText[purpose]}. It expires in 10 ` +
              `minutes. Never share it with anyone, including our staff.${trust}`,
            code: fresh,
          };
      const id = await this.messenger.queue(q, { ...message, ref: `otp:${codeId}`, expiresAt: expires });
      await q.query('update otp_codes set message_id = $2 where id = $1', [codeId, String(id)]);
      return id;
    });
    await this.messenger.dispatch([messageId]);
  }

  /** Whether the newest live code for an address was not delivered (its message failed, died or expired unsent). */
  private async undelivered(address: string, purpose: OtpPurpose): Promise<boolean> {
    const r = await this.db.query<{ status: string }>(
      `select o.status from otp_codes c join outbox o on o.id = c.message_id
        where c.address = $1 and c.purpose = $2 and c.consumed_at is null and not c.superseded order by ` +
        `c.created_at desc limit 1`,
      [address, purpose],
    );
    const s = r.rows[0]?.status;
    return s === 'failed' || s === 'dead' || s === 'expired';
  }

  /**
   * Reserves one failure from a daily budget before a comparison: an atomic upsert that refuses
   * (false) when the budget is spent or the subject is locked. A window older than a day
   * starts again.
   */
  private async reserve(purpose: OtpPurpose, subject: string, now: Date): Promise<number | null> {
    const r = await this.db.query<{ failures: number }>(
      `insert into otp_guard (purpose, subject, failures, window_start) values ($1, $2, 1, $3)
       on conflict (purpose, subject) do update
          set failures = case when otp_guard.window_start <= $4 then 1 else otp_guard.failures + 1 end,
              window_start = case when otp_guard.window_start <= $4 then $3 else otp_guard.window_start end
        where (otp_guard.locked_until is null or otp_guard.locked_until <= $3)
          and (otp_guard.window_start <= $4 or otp_guard.failures < $5)
       returning failures`,
      [purpose, subject, now, new Date(now.getTime() - 86_400_000), OTP_LIMITS.failuresPerDay],
    );
    return r.rows[0]?.failures ?? null;
  }

  /** Gives back reserved failures: the code was right, or no comparison took place. */
  private async release(purpose: OtpPurpose, subjects: string[]): Promise<void> {
    if (subjects.length)
      await this.db.query(
        'update otp_guard set failures = greatest(failures - 1, 0) where purpose = $1 and subject = any($2::text[])',
        [purpose, subjects],
      );
  }

  /** Of these purposes, the one of the newest live code sent to an address. */
  async newestPurpose(address: string, purposes: OtpPurpose[]): Promise<OtpPurpose | undefined> {
    const r = await this.db.query<{ purpose: OtpPurpose }>(
      'select purpose from otp_codes where address = $1 and purpose = any($2::text[]) and consumed_at is null and ' +
        'not superseded order by created_at desc limit 1',
      [address, purposes],
    );
    return r.rows[0]?.purpose;
  }

  /**
   * Checks a code without spending it. Every try is counted before the comparison, atomically: one
   * try from the code's 5 (an UPDATE … WHERE attempts < 5 RETURNING), then one failure reserved from
   * the address's (and the account's) daily budget, so whatever the concurrency at most 5
   * comparisons happen per code and at most 10 wrong ones per address and per account a day. A
   * burnt code refuses even the right digits. Returns the code's id for spend(), which the caller
   * runs inside the transaction of the change it authorises, so the code is used only if that commits.
   */
  async check(input: { purpose: OtpPurpose; address: string; code: string } & CheckOptions): Promise<bigint> {
    const { purpose, address, code, ...opts } = input;
    const now = new Date(this.now());
    const tried = await this.db.query<{ id: bigint; code_hash: string; attempts: number }>(
      `update otp_codes set attempts = attempts + 1
        where id = (select id from otp_codes where address = $1 and purpose = $2 and consumed_at is null and not ` +
        `superseded order by created_at desc limit 1)
          and attempts < $3 and expires_at > $4
        returning id, code_hash, attempts`,
      [address, purpose, OTP_LIMITS.maxAttempts, now],
    );
    const row = tried.rows[0];
    const subjects = [`a:${address}`, ...(opts.userId ? [`u:${opts.userId}`] : [])];
    if (!row) {
      // Nothing to compare with: say why (a lock first, so a locked address always hears the same).
      const lock = await this.db.query(
        'select 1 from otp_guard where purpose = $1 and subject = any($2::text[]) and locked_until > $3',
        [purpose, subjects, now],
      );
      if (lock.rows.length) throw new AppError(OTP_MESSAGES.locked);
      const live = await this.db.query<{ attempts: number; expires_at: Date }>(
        'select attempts, expires_at from otp_codes where address = $1 and purpose = $2 and consumed_at is null and ' +
          'not superseded order by created_at desc limit 1',
        [address, purpose],
      );
      const l = live.rows[0];
      if (l && l.attempts >= OTP_LIMITS.maxAttempts) throw new AppError(OTP_MESSAGES.tooManyTries);
      if (l && l.expires_at.getTime() <= now.getTime()) throw new AppError(OTP_MESSAGES.expired);
      if (await this.undelivered(address, purpose)) throw new AppError(OTP_MESSAGES.undelivered);
      throw new AppError(OTP_MESSAGES.wrong);
    }

    const reserved: string[] = [];
    // The address's failures today, this try included: what a wrong code's tries-left count is bounded by.
    let addressFailures = 0;
    for (const subject of subjects) {
      const failures = await this.reserve(purpose, subject, now);
      if (failures === null) {
        await this.release(purpose, reserved);
        throw new AppError(OTP_MESSAGES.locked);
      }
      if (subject === subjects[0]) addressFailures = failures;
      reserved.push(subject);
    }

    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(this.hash(purpose, address, code), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await this.release(purpose, reserved);
      return row.id;
    }
    if (await this.lockIfSpent(purpose, address, subjects, now, opts.userId ?? null))
      throw new AppError(OTP_MESSAGES.locked);
    if (row.attempts < OTP_LIMITS.maxAttempts && (await this.undelivered(address, purpose)))
      throw new AppError(OTP_MESSAGES.undelivered);
    // Only the code's own tries and the address's budget count here, never the account's: the same
    // guess at an address answers the same whoever owns it.
    const left = Math.min(OTP_LIMITS.maxAttempts - row.attempts, OTP_LIMITS.failuresPerDay - addressFailures);
    throw new AppError(left > 0 ? OTP_MESSAGES.wrongTriesLeft(left) : OTP_MESSAGES.tooManyTries);
  }

  /**
   * After a wrong code: when a budget is spent, pause checks for 24 h and tell the account in the
   * app and the address by message. Only the request that sets the lock tells, so it is told once.
   */
  private async lockIfSpent(
    purpose: OtpPurpose,
    address: string,
    subjects: string[],
    now: Date,
    userId: number | null,
  ): Promise<boolean> {
    const text =
      `Someone entered too many wrong ${this.productName} verification codes to ${purposeText[purpose]}. For your ` +
      `safety, these codes are paused for 24 hours. ` +
      'If this was not you, nobody got in, but consider changing your password, and never share a code with anyone, ' +
      'including our staff.';
    const channel: Channel = address.includes('@') ? 'email' : 'whatsapp';
    const told = await this.db.tx(async (q) => {
      const r = await q.query(
        `update otp_guard set locked_until = $3, window_start = $4
          where purpose = $1 and subject = any($2::text[]) and failures >= $5 and (locked_until is null or ` +
          `locked_until <= $4)
          returning subject`,
        [purpose, subjects, new Date(now.getTime() + OTP_LIMITS.lockMs), now, OTP_LIMITS.failuresPerDay],
      );
      if (!r.rows.length) return null;
      if (userId)
        await notify(q, {
          userId,
          title: 'Verification codes paused',
          content: text,
          kind: 'system',
          action: 'app_mine',
        });
      return this.messenger.queue(q, {
        channel,
        to: channel === 'whatsapp' ? `+${address}` : address,
        subject: `${this.productName}: too many wrong verification codes`,
        text,
      });
    });
    if (told === null) return false;
    await this.messenger.dispatch([told]);
    return true;
  }

  /** Marks a checked code used; fails if a parallel request spent it first. */
  async spend(q: Queryable, id: bigint): Promise<void> {
    const used = await q.query(
      'update otp_codes set consumed_at = now() where id = $1 and consumed_at is null and not superseded',
      [id],
    );
    if (used.rowCount !== 1) throw new AppError(OTP_MESSAGES.wrong);
  }
}
