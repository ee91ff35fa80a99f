import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import type { Channel, Messenger } from '../messaging/messenger.js';

export type OtpPurpose = 'register' | 'reset_password' | 'bind_email' | 'bind_whatsapp' | 'change_email' | 'reset_tpassword' | 'confirm_change';

/**
 * One-time codes. Four digits is what the contract allows, so the rest compensates (DESIGN §4):
 * drawn from a CSPRNG, valid 10 minutes, used once, bound to purpose and address, 5 wrong tries
 * burn it, a new code replaces the previous one, and sends are capped per address and per IP with
 * 60 s between two sends to one address.
 */
export const OTP_LIMITS = {
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
  resendGapMs: 60_000,
  perAddressPerHour: 5,
  perAddressPerDay: 10,
  perIpPerHour: 30,
} as const;

export const OTP_MESSAGES = {
  wrong: 'Invalid verification code',
  expired: 'The verification code has expired, please request a new one',
  tooManyTries: 'Too many wrong attempts, please request a new code',
  tooSoon: (s: number) => `Please wait ${s} seconds before requesting another code`,
  capAddress: 'Too many codes requested for this address, please try again later',
  capIp: 'Too many codes requested, please try again later',
} as const;

const purposeText: Record<OtpPurpose, string> = {
  register: 'verify your sign-up',
  reset_password: 'reset your password',
  bind_email: 'confirm this e-mail address',
  bind_whatsapp: 'confirm this WhatsApp number',
  change_email: 'confirm your new e-mail address',
  reset_tpassword: 'reset your transaction PIN',
  confirm_change: 'confirm replacing this address on your account',
};

export class Otp {
  constructor(
    private readonly db: Db,
    private readonly messenger: Messenger,
    private readonly secret: string,
    private readonly productName: string,
    private readonly now: () => number = Date.now,
  ) {}

  private hash(purpose: OtpPurpose, address: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}\n${address}\n${code}`).digest('hex');
  }

  /** Checks the caps, stores a fresh code (replacing older ones) and sends it. */
  async send(purpose: OtpPurpose, channel: Channel, address: string, ip: string): Promise<void> {
    const now = this.now();
    const code = await this.db.tx(async (q) => {
      // Serialise sends to one address so two parallel requests cannot both pass the 60 s gap.
      await q.query('select pg_advisory_xact_lock(hashtext($1))', [`otp:${address}`]);
      const stats = await q.query<{ last: Date | null; hour: number; day: number }>(
        `select max(created_at) as last,
                count(*) filter (where created_at > $2)::int as hour,
                count(*) filter (where created_at > $3)::int as day
           from otp_codes where address = $1 and created_at > $3`,
        [address, new Date(now - 3600_000), new Date(now - 86_400_000)],
      );
      const s = stats.rows[0];
      if (s?.last && now - s.last.getTime() < OTP_LIMITS.resendGapMs) {
        throw new AppError(OTP_MESSAGES.tooSoon(Math.ceil((OTP_LIMITS.resendGapMs - (now - s.last.getTime())) / 1000)));
      }
      if ((s?.hour ?? 0) >= OTP_LIMITS.perAddressPerHour || (s?.day ?? 0) >= OTP_LIMITS.perAddressPerDay) throw new AppError(OTP_MESSAGES.capAddress);
      if (ip) {
        const byIp = await q.query<{ n: number }>('select count(*)::int as n from otp_codes where ip = $1 and created_at > $2', [ip, new Date(now - 3600_000)]);
        if ((byIp.rows[0]?.n ?? 0) >= OTP_LIMITS.perIpPerHour) throw new AppError(OTP_MESSAGES.capIp);
      }
      const fresh = randomInt(0, 10_000).toString().padStart(4, '0');
      await q.query('update otp_codes set superseded = true where address = $1 and purpose = $2 and consumed_at is null and not superseded', [address, purpose]);
      await q.query(
        'insert into otp_codes (purpose, channel, address, code_hash, ip, created_at, expires_at) values ($1,$2,$3,$4,$5,$6,$7)',
        [purpose, channel, address, this.hash(purpose, address, fresh), ip, new Date(now), new Date(now + OTP_LIMITS.ttlMs)],
      );
      return fresh;
    });
    try {
      await this.messenger.send({
      channel,
        to: channel === 'whatsapp' ? `+${address}` : address,
        subject: `Your ${this.productName} verification code`,
        text: `Your ${this.productName} code is ${code}. Use it to ${purposeText[purpose]}. It expires in 10 minutes. Never share it with anyone, including our staff.`,
        code,
      });
    } catch {
      // Not sent: forget the code so the user can ask again at once.
      await this.db.query('delete from otp_codes where address = $1 and purpose = $2 and created_at = $3', [address, purpose, new Date(now)]);
      throw new AppError('Failed to send verification code');
    }
  }

  /**
   * Checks a code without spending it; a wrong code counts a try (5 burn the code). Returns the
   * code's id for spend(), which the caller runs inside the transaction of the change it authorises
   * so that the code is used only if that change commits.
   */
  async check(purpose: OtpPurpose, address: string, code: string): Promise<bigint> {
    const r = await this.db.query<{ id: bigint; code_hash: string; expires_at: Date; attempts: number }>(
      `select id, code_hash, expires_at, attempts from otp_codes
        where address = $1 and purpose = $2 and consumed_at is null and not superseded
        order by created_at desc limit 1`,
      [address, purpose],
    );
    const row = r.rows[0];
    if (!row) throw new AppError(OTP_MESSAGES.wrong);
    if (row.attempts >= OTP_LIMITS.maxAttempts) throw new AppError(OTP_MESSAGES.tooManyTries);
    if (row.expires_at.getTime() <= this.now()) throw new AppError(OTP_MESSAGES.expired);
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(this.hash(purpose, address, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const n = await this.db.query<{ attempts: number }>('update otp_codes set attempts = attempts + 1 where id = $1 returning attempts', [row.id]);
      throw new AppError((n.rows[0]?.attempts ?? OTP_LIMITS.maxAttempts) >= OTP_LIMITS.maxAttempts ? OTP_MESSAGES.tooManyTries : OTP_MESSAGES.wrong);
    }
    return row.id;
  }

  /** Marks a checked code used; fails if a parallel request spent it first. */
  async spend(q: Queryable, id: bigint): Promise<void> {
    const used = await q.query('update otp_codes set consumed_at = now() where id = $1 and consumed_at is null and not superseded', [id]);
    if (used.rowCount !== 1) throw new AppError(OTP_MESSAGES.wrong);
  }
}
