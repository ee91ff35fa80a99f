import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { AppError, Codes, TOKEN_INVALID } from '../../lib/envelope.js';
import { countryId, currentPassword, email, oneOf, optText, otp as otpField, password, phone, text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { NICKNAME_MAX_LENGTH, VALIDATION_MESSAGES as M } from '../../lib/rules.js';
import { grantSignupCoupons, usableCount } from '../coupon/service.js';
import { looksLikePhone, whatsappDigits } from '@giftlane/shared-sdk/phone';
import { findUserById, findUserByLogin, isUniqueViolation, newInviteCode, userView, type UserRow } from './repo.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { OtpPurpose } from './otp.js';

export const USER_MESSAGES = {
  loginFailed: 'Incorrect account or password',
  emailTaken: 'This email is already registered',
  whatsappTaken: 'This WhatsApp number is already registered',
  usernameTaken: 'This username is already taken',
  accountTaken: 'This account is already registered',
  noAccountEmail: 'No account is registered with this email',
  noAccountWhatsapp: 'No account is registered with this WhatsApp number',
  noAccount: 'No account is registered with this email or WhatsApp number',
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
  const meta = (req: FastifyRequest, deviceNo = '') => ({ ip: req.ip, deviceNo });

  async function emailInUse(q: Queryable, address: string, exceptUserId?: number) {
    const r = await q.query<{ id: number }>("select id from users where lower(email) = $1 and status = 'active'", [address]);
    return r.rows.some((x) => x.id !== exceptUserId);
  }
  async function whatsappInUse(q: Queryable, digits: string, exceptUserId?: number) {
    const r = await q.query<{ id: number }>("select id from users where whatsapp = $1 and status = 'active'", [digits]);
    return r.rows.some((x) => x.id !== exceptUserId);
  }
  const sent = async (purpose: OtpPurpose, channel: 'email' | 'whatsapp', address: string, req: FastifyRequest) => {
    await otp.send(purpose, channel, address, req.ip);
    return null;
  };

  // ---- Sign-up ----------------------------------------------------------------------------------

  gcRoute(app, {
    path: '/user/checkUsername',
    summary: 'Is this e-mail / WhatsApp number / username free? success=true means free',
    body: z.object({ username: text('Username', 254) }),
    limit: 'code',
    handler: async (req) => {
      const u = req.body.username;
      const digits = looksLikePhone(u) ? await waAddress(u) : null;
      if (await findUserByLogin(db, u, digits)) throw new AppError(USER_MESSAGES.accountTaken);
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/sendEmailVerifyCode',
    summary: 'Send the sign-up code to an e-mail address',
    body: z.object({ email: email() }),
    limit: 'code',
    handler: async (req) => {
      if (await emailInUse(db, req.body.email)) throw new AppError(USER_MESSAGES.emailTaken);
      return sent('register', 'email', req.body.email, req);
    },
  });

  gcRoute(app, {
    path: '/user/sendWhatsAppCode',
    summary: 'Send a code to a WhatsApp number: binding when signed in, password reset when registered, else sign-up',
    auth: 'optional',
    body: z.object({ whatsapp: phone() }),
    limit: 'code',
    handler: async (req) => {
      const digits = await waAddress(req.body.whatsapp);
      if (req.auth) {
        if (await whatsappInUse(db, digits, req.auth.userId)) throw new AppError(USER_MESSAGES.whatsappTaken);
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
      sign_to_coupon: optText('sign_to_coupon', 4),
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
        const r = await db.query<{ email: string | null; email_verified: boolean; name: string }>(
          'select email, email_verified, name from social_pending where provider = $1 and provider_uid = $2 and expires_at > now()',
          [social.provider, social.uid],
        );
        pending = r.rows[0] ?? null;
        if (!pending) throw new AppError(USER_MESSAGES.socialExpired);
      }

      if (mail && (await emailInUse(db, mail))) throw new AppError(USER_MESSAGES.emailTaken);
      if (wa && (await whatsappInUse(db, wa))) throw new AppError(USER_MESSAGES.whatsappTaken);

      // The code proves the address signed up with; a social sign-up is proven by the provider.
      const needCode = !social && (await ref.setting<Record<string, unknown>>('appinit', {})).is_need_verify === '1';
      let codeId: bigint | null = null;
      if (needCode) {
        if (!/^\d{4}$/.test(b.code)) throw new AppError(M.otpIncomplete, Codes.validation);
        codeId = byWhatsapp ? await otp.check('register', wa!, b.code) : await otp.check('register', mail!, b.code);
      }
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
          // Arriving from the sign-up promotion (sign_to_coupon=1) brings its welcome coupons.
          if (b.sign_to_coupon === '1') await grantSignupCoupons(q, newId, country.wallet_currency);
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
        await q.query('update users set last_login_at = now() where id = $1', [u.id]);
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

  const resetByEmail = async (req: FastifyRequest, address: string) => {
    if (!(await emailInUse(db, address))) throw new AppError(USER_MESSAGES.noAccountEmail);
    return sent('reset_password', 'email', address, req);
  };

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
      if (!digits || !(await whatsappInUse(db, digits))) throw new AppError(USER_MESSAGES.noAccount);
      return sent('reset_password', 'whatsapp', digits, req);
    },
  });

  const resetPassword = async (address: string, by: 'email' | 'whatsapp', code: string, newPassword: string) => {
    const r = await db.query<{ id: number }>(
      by === 'email' ? "select id from users where lower(email) = $1 and status = 'active'" : "select id from users where whatsapp = $1 and status = 'active'",
      [address],
    );
    const id = r.rows[0]?.id;
    if (!id) throw new AppError(by === 'email' ? USER_MESSAGES.noAccountEmail : USER_MESSAGES.noAccountWhatsapp);
    const codeId = await otp.check('reset_password', address, code);
    const h = await hashPassword(newPassword);
    await db.tx(async (q) => {
      await otp.spend(q, codeId);
      await q.query('update users set password_hash = $2 where id = $1', [id, h]);
      // Whoever knew the old password is signed out everywhere.
      await sessions.revokeAll(q, id);
    });
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
      await db.query('update users set avatar = $2 where id = $1', [req.auth!.userId, req.body.avatar]);
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
    summary: 'Change the password (other sessions are signed out)',
    auth: 'required',
    limit: 'auth',
    body: z.object({ password: currentPassword(), ...passwordFields }),
    handler: async (req) => {
      const u = await me(req);
      if (!(await verifyPassword(u.password_hash, req.body.password))) throw new AppError(USER_MESSAGES.wrongPassword);
      if (req.body.password === req.body.new_password) throw new AppError(USER_MESSAGES.samePassword);
      const h = await hashPassword(req.body.new_password);
      await db.tx(async (q) => {
        await q.query('update users set password_hash = $2 where id = $1', [u.id, h]);
        await sessions.revokeAll(q, u.id, req.auth!.sessionId);
      });
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
    summary: 'Bind a WhatsApp number with the code sent to it',
    auth: 'required',
    limit: 'code',
    body: z.object({ whatsapp: phone(), code: otpField('code') }),
    handler: async (req) => {
      const digits = await waAddress(req.body.whatsapp);
      if (await whatsappInUse(db, digits, req.auth!.userId)) throw new AppError(USER_MESSAGES.whatsappTaken);
      const codeId = await otp.check('bind_whatsapp', digits, req.body.code);
      try {
        await db.tx(async (q) => {
          await otp.spend(q, codeId);
          await q.query('update users set whatsapp = $2, whatsapp_verified = true where id = $1', [req.auth!.userId, digits]);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(USER_MESSAGES.whatsappTaken);
        throw err;
      }
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/sendEmailBindVerifyCode',
    summary: 'Send a code to an e-mail address to bind or change it',
    auth: 'required',
    limit: 'code',
    body: z.object({ email: email() }),
    handler: async (req) => {
      if (await emailInUse(db, req.body.email, req.auth!.userId)) throw new AppError(USER_MESSAGES.emailTaken);
      return sent('bind_email', 'email', req.body.email, req);
    },
  });

  const setEmail = async (req: FastifyRequest, address: string, code: string, notifyOld: boolean) => {
    const u = await me(req);
    if (await emailInUse(db, address, u.id)) throw new AppError(USER_MESSAGES.emailTaken);
    const codeId = await otp.check('bind_email', address, code);
    try {
      await db.tx(async (q) => {
        await otp.spend(q, codeId);
        // An e-mail sign-up's username is its e-mail: it follows the address.
        await q.query(
          'update users set email = $2, email_verified = true, username = case when lower(username) = lower(coalesce(email, \'\')) then $2 else username end where id = $1',
          [u.id, address],
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(USER_MESSAGES.emailTaken);
      throw err;
    }
    if (notifyOld && u.email && u.email !== address) {
      await app.messenger
        .send({
          channel: 'email',
          to: u.email,
          subject: `Your ${app.config.productName} e-mail address was changed`,
          text: `The e-mail address of your ${app.config.productName} account was changed to ${address}. If this was not you, contact support at once.`,
        })
        .catch((err: unknown) => req.log.warn({ err }, 'change-email notice not sent'));
    }
    return null;
  };

  gcRoute(app, {
    path: '/user/bindEmail',
    summary: 'Bind an e-mail address with the code sent to it',
    auth: 'required',
    limit: 'code',
    body: z.object({ email: email(), verify_code: otpField() }),
    handler: async (req) => setEmail(req, req.body.email, req.body.verify_code, false),
  });

  gcRoute(app, {
    path: '/user/changeEmail',
    summary: 'Change the e-mail address with the code sent to the new one; the old one is told',
    auth: 'required',
    limit: 'code',
    body: z.object({ email: email(), verify_code: otpField() }),
    handler: async (req) => setEmail(req, req.body.email, req.body.verify_code, true),
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
