import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { isPin, validateNewPin, VALIDATION_MESSAGES } from '../../lib/rules.js';
import type { Messenger } from '../messaging/messenger.js';
import { notify } from '../notices/service.js';
import { hashPassword, verifyPassword } from '../../shared/passwords.js';

export const PIN_LIMITS = { maxFailures: 5, lockMs: 24 * 3600_000 } as const;

export const PIN_MESSAGES = {
  format: VALIDATION_MESSAGES.pinFormat,
  trivial: VALIDATION_MESSAGES.pinTrivial,
  notSet: 'Please set your transaction password first.',
  alreadySet: 'Your transaction password is already set; change it instead.',
  wrong: (left: number) => `Incorrect transaction password, ${left} attempt${left === 1 ? '' : 's'} left`,
  locked:
    'Too many wrong transaction password attempts: withdrawals are locked for 24 hours. Reset your transaction ' +
    'password by e-mail to unlock now',
  same: 'The new transaction password must be different from the current one',
  noEmail: 'Bind an e-mail address to your account to reset your transaction password',
} as const;

export { isPin };

/**
 * The transaction password (PIN for short: six digits; argon2id). A check runs under the user's
 * row lock so that parallel guesses are counted one by one: 5 wrong in a row lock withdrawals for
 * 24 h and notify the user. A correct PIN is remembered for a few minutes as a keyed hash of
 * (stored hash, PIN), so a burst of legitimate withdrawals does not pay argon2 each time; changing
 * the PIN changes the stored hash, which retires every remembered entry.
 */
export class PinGuard {
  private readonly verified = new Map<string, number>();
  constructor(
    private readonly db: Db,
    private readonly messenger: Messenger,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  private memoKey(stored: string, pin: string) {
    return createHash('sha256').update(`${this.secret}\n${stored}\n${pin}`).digest('base64');
  }

  private async matches(stored: string, pin: string): Promise<boolean> {
    const key = this.memoKey(stored, pin);
    const until = this.verified.get(key);
    if (until && until > this.now()) return true;
    const ok = await verifyPassword(stored, pin);
    if (ok) {
      if (this.verified.size > 10_000) this.verified.clear();
      this.verified.set(key, this.now() + 5 * 60_000);
    }
    return ok;
  }

  /** Throws the user-facing reason when the PIN is not accepted. */
  async check(userId: number, pin: string): Promise<void> {
    if (!isPin(pin)) throw new AppError(PIN_MESSAGES.format);
    const outcome = await this.db.tx(async (q) => {
      const r = await q.query<{
        tpassword_hash: string | null;
        tpassword_failures: number;
        tpassword_locked_until: Date | null;
        email: string | null;
        email_verified: boolean;
      }>(
        'select tpassword_hash, tpassword_failures, tpassword_locked_until, email, email_verified from users where ' +
          'id = $1 for update',
        [userId],
      );
      const u = r.rows[0];
      if (!u?.tpassword_hash) return { error: PIN_MESSAGES.notSet };
      if (u.tpassword_locked_until && u.tpassword_locked_until.getTime() > this.now())
        return { error: PIN_MESSAGES.locked };
      if (await this.matches(u.tpassword_hash, pin)) {
        if (u.tpassword_failures > 0 || u.tpassword_locked_until)
          await q.query('update users set tpassword_failures = 0, tpassword_locked_until = null where id = $1', [
            userId,
          ]);
        return { error: null };
      }
      const failures = u.tpassword_failures + 1;
      if (failures >= PIN_LIMITS.maxFailures) {
        await q.query('update users set tpassword_failures = 0, tpassword_locked_until = $2 where id = $1', [
          userId,
          new Date(this.now() + PIN_LIMITS.lockMs),
        ]);
        await notify(q, {
          userId,
          title: 'Withdrawals locked',
          content:
            'Your transaction password was entered wrongly 5 times, so withdrawals are locked for 24 hours. If this ' +
            'was not you, reset your transaction password and change your login password now.',
          kind: 'system',
          action: 'app_mine',
        });
        const mail =
          u.email && u.email_verified
            ? await this.messenger.queue(q, {
                channel: 'email',
                to: u.email,
                subject: 'Withdrawals locked on your account',
                text:
                  'Your transaction password was entered wrongly 5 times, so withdrawals are locked for 24 ' +
                  'hours. If this was not you, reset your transaction password and change your login password now.',
              })
            : null;
        return { error: PIN_MESSAGES.locked, mail };
      }
      await q.query('update users set tpassword_failures = $2 where id = $1', [userId, failures]);
      return { error: PIN_MESSAGES.wrong(PIN_LIMITS.maxFailures - failures) };
    });
    if (outcome.mail) await this.messenger.dispatch([outcome.mail]);
    if (outcome.error) throw new AppError(outcome.error);
  }

  /**
   * Checks a new PIN by the rule of the PIN forms (six digits, not one repeated nor a run) and hashes it; run before
   * the transaction that writes it (argon2 is slow).
   */
  async prepare(pin: string): Promise<string> {
    // The confirmation is the PIN itself here: the forms compare the two before they send.
    const problem = validateNewPin(pin, pin);
    if (problem) throw new AppError(problem);
    return hashPassword(pin);
  }

  /**
   * Writes a prepared PIN inside the caller's transaction, under the user's row lock; a first PIN (`first`) is
   * refused when one is set already, so parallel or replayed first sets write one PIN.
   */
  async write(q: Queryable, input: { userId: number; hash: string; first: boolean }): Promise<void> {
    const { userId, hash, first } = input;
    const r = await q.query<{ tpassword_hash: string | null }>(
      'select tpassword_hash from users where id = $1 for update',
      [userId],
    );
    if (first && r.rows[0]?.tpassword_hash) throw new AppError(PIN_MESSAGES.alreadySet);
    await q.query(
      'update users set tpassword_hash = $2, tpassword_failures = 0, tpassword_locked_until = null where id = $1',
      [userId, hash],
    );
  }

  /** Sets a new PIN (first time, change or reset): clears failures and the lock. */
  async set(input: {
    userId: number;
    pin: string;
    first?: boolean;
    inTx?: (q: Queryable) => Promise<void>;
  }): Promise<void> {
    const { userId, pin, inTx } = input;
    const hash = await this.prepare(pin);
    await this.db.tx(async (q) => {
      await this.write(q, { userId, hash, first: input.first ?? false });
      // The caller's inTx records the change (notice, alert, cooling-off: the security module).
      await inTx?.(q);
    });
  }
}
