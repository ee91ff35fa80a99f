import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { AppError, Codes, TOKEN_INVALID } from '../../lib/envelope.js';
import { countryId, currentPassword, email, oneOf, optText, otp as otpField, password, phone, reauthText, text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { NICKNAME_MAX_LENGTH, VALIDATION_MESSAGES as M } from '../../lib/rules.js';
import { grantSignupCoupons, usableCount } from '../coupon/service.js';
import { looksLikePhone, whatsappDigits } from '@giftlane/shared-sdk/phone';
import { findUserById, findUserByLogin, isUniqueViolation, markSignedIn, newInviteCode, userView, type UserRow } from './repo.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { OTP_MESSAGES, type InsteadOfCode, type OtpPurpose } from './otp.js';
import { pendingFor } from '../social/pending.js';
import { objectNameIn } from '../uploads/store.js';
import { SECURITY_MESSAGES } from '../security/service.js';
import { sessionMeta } from './sessions.js';

export const USER_MESSAGES = {
  avatarNotYours: 'Upload the photo first: this image is not one of yours',
  loginFailed: 'Incorrect account or password',
  emailTaken: 'This email is already registered',
  whatsappTaken: 'This WhatsApp number is already registered',
  usernameTaken: 'This username is already taken',
  accountTaken: 'This account is already registered',
  referralUnknown: 'Referral code not found',
  wrongPassword: 'The current password is incorrect',
  samePassword: 'The new password must be different from the current one',
  socialExpired: 'Your social sign-in has expired, please sign in with the provider again',
  codeSent: 'Verification code sent successfully',
} as const;

const passwordFields = { new_password: password('New password') };

/** Device fields some calls carry (CONTRACT §1): optional, bounded. */
const device = {
  device_no: optText('device_no', 200),
  device_type: optText('device_type', 200),
  os_type: optText('os_type', 20),
  channel_type: optText('channel_type', 4),
};

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db, otp, sessions, ref } = app;

  const dialCodes = async () => (await ref.countries()).map((c) => c.dial_code);
  /** A WhatsApp number as typed (08…, 8…, 234…, +234…) in its stored form, by the one reading in shared-sdk. */
  const waAddress = async (typed: string) => whatsappDigits(typed, await dialCodes()) ?? '';
  /** The user object with its balances and coupon count, read side by side. */
  const fullView = async (q: Queryable, u: UserRow, token?: string) => {
    const [balances, coupons] = await Promise.all([app.accounts.balances(q, u.id, u.country_id), usableCount(q, u.id)]);
    return userView(ref, u, balances, token, coupons);
  };
  const me = async (req: FastifyRequest): Promise<UserRow> => {
    const u = await findUserById(db, req.auth!.userId);
    if (!u) throw new AppError(TOKEN_INVALID, Codes.token);
    return u;
  };
  const meta = (req: FastifyRequest, deviceNo = '') => sessionMeta(req, deviceNo);
  const { security } = app;
  /** The login password, asked again for a change (optional in the schema so its absence gets our message). */
  const confirmField = { password: reauthText('password') };

  async function emailInUse(q: Queryable, address: string, exceptUserId?: number) {
    const r = await q.query<{ id: number }>("select id from users where lower(email) = $1 and status = 'active'", [address]);
    return r.rows.some((x) => x.id !== exceptUserId);
  }
  async function whatsappInUse(q: Queryable, digits: string, exceptUserId?: number) {
    const r = await q.query<{ id: number }>("select id from users where whatsapp = $1 and status = 'active'", [digits]);
    return r.rows.some((x) => x.id !== exceptUserId);
  }
  const sent = async (purpose: OtpPurpose, channel: 'email' | 'whatsapp', address: string, req: FastifyRequest, instead?: InsteadOfCode) => {
    await otp.send(purpose, channel, address, req.ip, instead);
    return null;
  };

  // Code-sending and reset routes answer alike whether or not the address has an account (issue 12):
  // where a code would be pointless, the address's owner gets one of these instead, under the same caps.
  const product = app.config.productName;
  const accountExists: InsteadOfCode = {
    subject: `You already have a ${product} account`,
    text:
      `Someone (we hope you) asked to sign up to ${product} with this e-mail address, but it already has an account. ` +
      'Sign in with it; if you forgot your password, choose "Forgot Password?" on the sign-in page to reset it. If this was not you, you can ignore this message.',
  };
  const noAccountHere = (what: string): InsteadOfCode => ({
    subject: `${product} password reset`,
    text:
      `Someone (we hope you) asked to reset a ${product} password for this ${what}, but no ${product} account uses it. ` +
      'If you have an account, try the e-mail address or WhatsApp number you signed up with, or sign up. If this was not you, you can ignore this message.',
  });
  const accountIdBy = async (by: 'email' | 'whatsapp', address: string): Promise<number | null> => {
    const r = await db.query<{ id: number }>(
      by === 'email' ? "select id from users where lower(email) = $1 and status = 'active'" : "select id from users where whatsapp = $1 and status = 'active'",
      [address],
    );
    return r.rows[0]?.id ?? null;
  };

  // ---- Sign-up ----------------------------------------------------------------------------------

  gcRoute(app, {
    path: '/user/checkUsername',
    summary: 'Is this e-mail / WhatsApp number / username free? success=true means free (a tight limit of its own: it tells)',
    body: z.object({ username: text('Username', 254) }),
    limit: 'lookup',
    handler: async (req) => {
      const u = req.body.username;
      const digits = looksLikePhone(u) ? await waAddress(u) : null;
      if (await findUserByLogin(db, u, digits)) throw new AppError(USER_MESSAGES.accountTaken);
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/sendEmailVerifyCode',
    summary: 'Send the sign-up code to an e-mail address (one that has an account is told so instead; the reply is the same)',
    body: z.object({ email: email() }),
    limit: 'code',
    handler: async (req) => sent('register', 'email', req.body.email, req, (await emailInUse(db, req.body.email)) ? accountExists : undefined),
  });

  gcRoute(app, {
    path: '/user/sendWhatsAppCode',
    summary: 'Send a code to a WhatsApp number: binding when signed in (login password required; a bound number also gets a code), password reset when registered, else sign-up',
    auth: 'optional',
    body: z.object({ whatsapp: phone(), ...confirmField }),
    limit: 'code',
    handler: async (req) => {
      const digits = await waAddress(req.body.whatsapp);
      if (req.auth) {
        const u = await me(req);
        await security.confirmPassword(req.auth!, req.body.password);
        if (await whatsappInUse(db, digits, req.auth.userId)) throw new AppError(USER_MESSAGES.whatsappTaken);
        // Replacing a bound number: the current one must agree too (its code goes first, so a
        // refusal to send it leaves nothing half sent).
        if (u.whatsapp && u.whatsapp_verified && u.whatsapp !== digits) await sent('confirm_change', 'whatsapp', u.whatsapp, req);
        return sent('bind_whatsapp', 'whatsapp', digits, req);
      }
      return sent((await whatsappInUse(db, digits)) ? 'reset_password' : 'register', 'whatsapp', digits, req);
    },
  });

  gcRoute(app, {
    path: '/user/appregister',
    summary: 'Create an account (e-mail or WhatsApp; social sign-up completes with social_id/social_type)',
    limit: 'auth',
    body: z.object({
      register_type: oneOf('register_type', ['1', '2', '3'], '1'),
      country_id: countryId(),
      username: optText('username', 254),
      password: password(),
      email: optText('email', 254),
      whatsapp: optText('whatsapp', 32),
      recommend_code: optText('recommend_code', 32),
      code: optText('code', 10),
      social_id: optText('social_id', 255),
      social_type: optText('social_type', 20),
      sign_to_coupon: optText('sign_to_coupon', 4), // accepted, ignored: coupons follow server rules
      ...device,
    }),
    handler: async (req) => {
      const b = req.body;
      const country = await ref.country(b.country_id);
      const social = b.social_id && b.social_type ? { provider: b.social_type, uid: b.social_id } : null;
      const byWhatsapp = b.register_type === '2';

      let mail: string | null = null;
      let wa: string | null = null;
      if (!byWhatsapp || b.email) {
        const parsed = email().safeParse(b.email);
        if (!parsed.success) throw new AppError(parsed.error.issues[0]?.message ?? M.emailInvalid, Codes.validation);
        mail = parsed.data;
      }
      if (byWhatsapp || b.whatsapp) {
        const parsed = phone().safeParse(b.whatsapp);
        if (!parsed.success) throw new AppError(parsed.error.issues[0]?.message ?? M.phoneRequired, Codes.validation);
        wa = await waAddress(parsed.data);
      }

      let pending: { email: string | null; email_verified: boolean; name: string } | null = null;
      if (social) {
        // Only the browser or device that signed in with the provider may complete it (issue 12).
        pending = await pendingFor(db, req, social.provider, social.uid, b.device_no);
        if (!pending) throw new AppError(USER_MESSAGES.socialExpired);
      }

      // The code proves the address signed up with; a social sign-up is proven by the provider. It is
      // checked before "already registered", which only the address's owner may learn: an address
      // with an account was sent no sign-up code, so a stranger gets "Invalid verification code".
      const needCode = !social && (await ref.setting<Record<string, unknown>>('appinit', {})).is_need_verify === '1';
      let codeId: bigint | null = null;
      if (needCode) {
        if (!/^\d{4}$/.test(b.code)) throw new AppError(M.otpIncomplete, Codes.validation);
        codeId = byWhatsapp ? await otp.check('register', wa!, b.code) : await otp.check('register', mail!, b.code);
      }
      if (mail && (await emailInUse(db, mail))) throw new AppError(USER_MESSAGES.emailTaken);
      if (wa && (await whatsappInUse(db, wa))) throw new AppError(USER_MESSAGES.whatsappTaken);
      const emailVerified = Boolean(mail) && ((!byWhatsapp && needCode) || (pending?.email_verified === true && pending.email === mail));
      const passwordHash = await hashPassword(b.password);

      let referrer: number | null = null;
      if (b.recommend_code) {
        const r = await db.query<{ id: number }>("select id from users where invite_code = upper($1) and status = 'active'", [b.recommend_code]);
        referrer = r.rows[0]?.id ?? null;
        if (!referrer) throw new AppError(USER_MESSAGES.referralUnknown);
      }

      try {
        const { id, token } = await db.tx(async (q) => {
          if (codeId !== null) await otp.spend(q, codeId);
          const username = byWhatsapp ? `+${wa}` : mail!;
          const ins = await q.query<{ id: number }>(
            `insert into users (username, email, email_verified, whatsapp, whatsapp_verified, country_id, nickname, password_hash,
                                register_type, channel_type, device_no, invite_code, referrer_id, last_login_at)
             values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13, now()) returning id`,
            [
              username, mail, emailVerified, wa, byWhatsapp && needCode, country.id,
              pending?.name || (mail ? mail.split('@')[0] : `user${wa?.slice(-4)}`)!.slice(0, 40),
              passwordHash, social ? 3 : Number(b.register_type), Number(b.channel_type) || 3, b.device_no, newInviteCode(), referrer,
            ],
          );
          const newId = ins.rows[0]!.id;
          if (social) {
            await q.query('insert into social_identities (provider, provider_uid, user_id, email, name) values ($1,$2,$3,$4,$5)', [
              social.provider, social.uid, newId, pending?.email ?? null, pending?.name ?? '',
            ]);
            await q.query('delete from social_pending where provider = $1 and provider_uid = $2', [social.provider, social.uid]);
          }
          // Coupons follow server rules only: every new account gets the active welcome coupons of its
          // currency (api/README.md). The client's sign_to_coupon is accepted for the contract and ignored.
          await grantSignupCoupons(q, newId, country.wallet_currency);
          return { id: newId, token: await sessions.create(q, newId, meta(req, b.device_no)) };
        });
        const u = (await findUserById(db, id))!;
        return fullView(db, u, token);
      } catch (err) {
        if (isUniqueViolation(err)) {
          const m = String((err as Error).message);
          throw new AppError(m.includes('whatsapp') ? USER_MESSAGES.whatsappTaken : m.includes('social') ? USER_MESSAGES.accountTaken : USER_MESSAGES.emailTaken);
        }
        throw err;
      }
    },
  });

  // ---- Sign-in ----------------------------------------------------------------------------------

  gcRoute(app, {
    path: '/user/applogin',
    summary: 'Sign in with e-mail or WhatsApp number (with dial code) and password',
    limit: 'auth',
    body: z.object({ username: text('Username', 254, M.loginUsernameRequired), password: currentPassword(), ...device }),
    handler: async (req) => {
      const login = req.body.username;
      const digits = looksLikePhone(login) ? await waAddress(login) : null;
      const u = await findUserByLogin(db, login, digits);
      const okPassword = await verifyPassword(u?.password_hash, req.body.password);
      if (!u || !okPassword) throw new AppError(USER_MESSAGES.loginFailed);
      const token = await db.tx(async (q) => {
        await markSignedIn(q, u.id);
        return sessions.create(q, u.id, meta(req, req.body.device_no));
      });
      return fullView(db, { ...u, last_login_at: new Date() }, token);
    },
  });

  gcRoute(app, {
    path: '/user/applogout',
    summary: 'Sign out: the token is revoked',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => {
      await sessions.revoke(db, req.auth!.sessionId);
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/userInfo',
    summary: 'The signed-in user',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => {
      const u = await me(req);
      return fullView(db, u);
    },
  });

  // ---- Password reset ---------------------------------------------------------------------------

  /** A reset code to an address with an account; to one without, a "no account here" message. The reply is the same. */
  const resetByEmail = async (req: FastifyRequest, address: string) =>
    sent('reset_password', 'email', address, req, (await accountIdBy('email', address)) ? undefined : noAccountHere('e-mail address'));

  gcRoute(app, {
    path: '/public/sendMail',
    summary: 'Send the password-reset code by e-mail',
    body: z.object({ email: email(M.forgotEmailRequired) }),
    limit: 'code',
    handler: async (req) => resetByEmail(req, req.body.email),
  });

  gcRoute(app, {
    path: '/user/forgotPassword',
    summary: 'Send the password-reset code to the e-mail or WhatsApp number of an account',
    body: z.object({ username: text('Username', 254, M.forgotFillAll) }),
    limit: 'code',
    handler: async (req) => {
      const login = req.body.username;
      if (login.includes('@')) return resetByEmail(req, login.toLowerCase());
      const digits = await waAddress(login);
      if (!digits) throw new AppError(M.phoneRequired, Codes.validation);
      return sent('reset_password', 'whatsapp', digits, req, (await accountIdBy('whatsapp', digits)) ? undefined : noAccountHere('WhatsApp number'));
    },
  });

  const resetPassword = async (address: string, by: 'email' | 'whatsapp', code: string, newPassword: string) => {
    const id = await accountIdBy(by, address);
    // The code first: an address without an account was sent none, so it answers as a wrong code does.
    const codeId = await otp.check('reset_password', address, code, { userId: id });
    if (!id) throw new AppError(OTP_MESSAGES.wrong);
    const h = await hashPassword(newPassword);
    const alert = await db.tx(async (q) => {
      await otp.spend(q, codeId);
      const before = await security.owner(q, id);
      // A reset also clears the re-authentication lock: the owner proved the address.
      await q.query('update users set password_hash = $2, password_failures = 0, password_locked_until = null where id = $1', [id, h]);
      // Whoever knew the old password is signed out everywhere.
      await sessions.revokeAll(q, id);
      return security.changed(q, before, 'password_reset');
    });
    await alert();
    return null;
  };

  gcRoute(app, {
    path: '/user/updatePasswordByEmail',
    summary: 'Reset the password with the code sent by e-mail',
    limit: 'code',
    body: z.object({ email: email(M.forgotEmailRequired), verify_code: otpField(), ...passwordFields }),
    handler: async (req) => resetPassword(req.body.email, 'email', req.body.verify_code, req.body.new_password),
  });

  for (const path of ['/user/updatePasswordByWhatsapp', '/user/updatePasswordByWhatsApp']) {
    gcRoute(app, {
      path,
      summary: 'Reset the password with the code sent by WhatsApp',
      limit: 'code',
      body: z.object({ whatsapp: phone(M.forgotWhatsappRequired), verify_code: otpField(), ...passwordFields }),
      handler: async (req) => resetPassword(await waAddress(req.body.whatsapp), 'whatsapp', req.body.verify_code, req.body.new_password),
    });
  }

  // ---- Profile ----------------------------------------------------------------------------------

  gcRoute(app, {
    path: '/user/modinickname',
    summary: 'Change the nickname',
    auth: 'required',
    body: z.object({ nickname: text('Nickname', NICKNAME_MAX_LENGTH, M.nicknameRequired) }),
    handler: async (req) => {
      await db.query('update users set nickname = $2 where id = $1', [req.auth!.userId, req.body.nickname]);
      return null;
    },
  });

  gcRoute(app, {
    path: '/account/avatar',
    summary: 'Set the avatar to an uploaded image URL',
    auth: 'required',
    body: z.object({
      avatar: text('Avatar', 500).refine((v) => /^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(v), { error: 'Avatar must be an image URL' }),
    }),
    handler: async (req) => {
      // One of our uploads must be the caller's own: it becomes public as an avatar (card photos
      // are private), so nobody can publish another person's card photo by naming it here.
      const name = objectNameIn(app.config.publicUrl, req.body.avatar.split('?')[0] ?? '');
      await db.tx(async (q) => {
        if (name) {
          const own = await q.query("update uploads set purpose = 'avatar' where object_name = $1 and user_id = $2 and status = 'stored'", [name, req.auth!.userId]);
          if (own.rowCount !== 1) throw new AppError(USER_MESSAGES.avatarNotYours);
        }
        await q.query('update users set avatar = $2 where id = $1', [req.auth!.userId, name ? app.config.publicUrl + '/uploads/' + name : req.body.avatar]);
      });
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/updateUsername',
    summary: 'Change the username (letters, digits, . _ -, 3–30 characters)',
    auth: 'required',
    body: z.object({
      username: text('Username', 30).refine((v) => /^[A-Za-z][A-Za-z0-9._-]{2,29}$/.test(v), {
        error: 'Username must be 3–30 characters: letters, digits, dots, dashes or underscores, starting with a letter',
      }),
    }),
    handler: async (req) => {
      try {
        await db.query('update users set username = $2 where id = $1', [req.auth!.userId, req.body.username]);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(USER_MESSAGES.usernameTaken);
        throw err;
      }
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/modipassword',
    summary: 'Change the password (wrong current passwords count towards a lock; other sessions are signed out; withdrawals wait; the owner is told)',
    auth: 'required',
    limit: 'auth',
    body: z.object({ password: currentPassword(), ...passwordFields }),
    handler: async (req) => {
      const u = await me(req);
      await security.confirmPassword(req.auth!, req.body.password);
      if (req.body.password === req.body.new_password) throw new AppError(USER_MESSAGES.samePassword);
      const h = await hashPassword(req.body.new_password);
      const alert = await db.tx(async (q) => {
        await q.query('update users set password_hash = $2 where id = $1', [u.id, h]);
        await sessions.revokeAll(q, u.id, req.auth!.sessionId);
        return security.changed(q, u, 'password');
      });
      await alert();
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/bindPhone',
    summary: 'Set a contact phone number (not used to sign in)',
    auth: 'required',
    body: z.object({ phone: phone() }),
    handler: async (req) => {
      await db.query('update users set phone = $2 where id = $1', [req.auth!.userId, req.body.phone]);
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/bindWhatsapp',
    summary: 'Bind or change the WhatsApp number: login password, the code sent to the new number, and old_code (sent to the bound number) when one is bound',
    auth: 'required',
    limit: 'code',
    body: z.object({ whatsapp: phone(), code: otpField('code'), old_code: optText('old_code', 10), ...confirmField }),
    handler: async (req) => {
      const u = await me(req);
      await security.confirmPassword(req.auth!, req.body.password);
      const digits = await waAddress(req.body.whatsapp);
      if (await whatsappInUse(db, digits, u.id)) throw new AppError(USER_MESSAGES.whatsappTaken);
      const replacing = Boolean(u.whatsapp && u.whatsapp_verified && u.whatsapp !== digits);
      if (replacing && !req.body.old_code) throw new AppError(SECURITY_MESSAGES.oldCodeRequired);
      // The apps ask for the code without their token, so it was issued for sign-up: for a number no
      // account uses, that code proves the number just as well. The newest live code decides which.
      const live = await db.query<{ purpose: OtpPurpose }>(
        `select purpose from otp_codes where address = $1 and purpose in ('bind_whatsapp', 'register') and consumed_at is null and not superseded
          order by created_at desc limit 1`,
        [digits],
      );
      const codeId = await otp.check(live.rows[0]?.purpose ?? 'bind_whatsapp', digits, req.body.code, { userId: u.id });
      const oldCodeId = replacing ? await otp.check('confirm_change', u.whatsapp!, req.body.old_code) : null;
      let alert: () => Promise<void>;
      try {
        alert = await db.tx(async (q) => {
          await otp.spend(q, codeId);
          if (oldCodeId !== null) await otp.spend(q, oldCodeId);
          await q.query('update users set whatsapp = $2, whatsapp_verified = true where id = $1', [u.id, digits]);
          return security.changed(q, u, 'whatsapp', { detail: `The new number ends in ${digits.slice(-4)}.` });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(USER_MESSAGES.whatsappTaken);
        throw err;
      }
      await alert();
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/sendEmailBindVerifyCode',
    summary: 'Send a code to an e-mail address to bind or change it (login password required; a bound address also gets a code)',
    auth: 'required',
    limit: 'code',
    body: z.object({ email: email(), ...confirmField }),
    handler: async (req) => {
      const u = await me(req);
      await security.confirmPassword(req.auth!, req.body.password);
      if (await emailInUse(db, req.body.email, u.id)) throw new AppError(USER_MESSAGES.emailTaken);
      const old = u.email_verified && u.email ? u.email.toLowerCase() : null;
      if (old && old !== req.body.email) await sent('confirm_change', 'email', old, req);
      return sent('bind_email', 'email', req.body.email, req);
    },
  });

  const setEmail = async (req: FastifyRequest, b: { email: string; verify_code: string; old_code: string; password?: string }) => {
    const address = b.email;
    const u = await me(req);
    await security.confirmPassword(req.auth!, b.password);
    if (await emailInUse(db, address, u.id)) throw new AppError(USER_MESSAGES.emailTaken);
    // Replacing a bound address needs the code sent to it as well as the new one's.
    const old = u.email_verified && u.email ? u.email.toLowerCase() : null;
    const replacing = Boolean(old && old !== address);
    if (replacing && !b.old_code) throw new AppError(SECURITY_MESSAGES.oldCodeRequired);
    const codeId = await otp.check('bind_email', address, b.verify_code, { userId: u.id });
    const oldCodeId = replacing ? await otp.check('confirm_change', old!, b.old_code) : null;
    let alert: () => Promise<void>;
    try {
      alert = await db.tx(async (q) => {
        await otp.spend(q, codeId);
        if (oldCodeId !== null) await otp.spend(q, oldCodeId);
        // An e-mail sign-up's username is its e-mail: it follows the address.
        await q.query(
          'update users set email = $2, email_verified = true, username = case when lower(username) = lower(coalesce(email, \'\')) then $2 else username end where id = $1',
          [u.id, address],
        );
        return security.changed(q, u, 'email', { detail: `The new address is ${address.replace(/^(.).*(@.*)$/, '$1***$2')}.` });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(USER_MESSAGES.emailTaken);
      throw err;
    }
    // The addresses the account had before the change are told, with a "this wasn't me" link.
    await alert();
    return null;
  };
  const emailChange = z.object({ email: email(), verify_code: otpField(), old_code: optText('old_code', 10), ...confirmField });

  gcRoute(app, {
    path: '/user/bindEmail',
    summary: 'Bind an e-mail address: login password and the code sent to it (and old_code when an address is bound: then it is a change)',
    auth: 'required',
    limit: 'code',
    body: emailChange,
    handler: async (req) => setEmail(req, req.body),
  });

  gcRoute(app, {
    path: '/user/changeEmail',
    summary: 'Change the e-mail address: login password, the code sent to the new one and old_code sent to the current one; the old one is told',
    auth: 'required',
    limit: 'code',
    body: emailChange,
    handler: async (req) => setEmail(req, req.body),
  });

  gcRoute(app, {
    path: '/user/cancellation',
    summary: 'Close the account: refused while money or open orders remain; personal data erased, sessions revoked',
    auth: 'required',
    limit: 'auth',
    body: z.object({ password: optText('password', 128) }),
    handler: async (req) => {
      const u = await me(req);
      if (u.password_hash && !(await verifyPassword(u.password_hash, req.body.password))) {
        throw new AppError(req.body.password ? USER_MESSAGES.wrongPassword : M.passwordRequired);
      }
      await db.tx(async (q) => {
        await q.query('select id from users where id = $1 for update', [u.id]);
        const refusal = await app.accounts.closureRefusal(q, u.id);
        if (refusal) throw new AppError(refusal);
        await q.query(
          `update users set status = 'closed', closed_at = now(), username = 'closed-' || id, email = null, email_verified = false,
                 whatsapp = null, whatsapp_verified = false, phone = null, nickname = '', avatar = '', password_hash = null,
                 tpassword_hash = null, device_no = '' where id = $1`,
          [u.id],
        );
        await q.query('delete from social_identities where user_id = $1', [u.id]);
        await sessions.revokeAll(q, u.id);
      });
      return null;
    },
  });
}
