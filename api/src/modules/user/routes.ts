import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { AppError, Codes, TOKEN_INVALID } from '../../lib/envelope.js';
import {
  countryId,
  currentPassword,
  email,
  oneOf,
  optText,
  otp as otpField,
  password,
  phone,
  reauthText,
  text,
} from '../../lib/fields.js';
import { AccountLimited } from '../../lib/limits.js';
import { gcRoute } from '../../lib/route.js';
import { NICKNAME_MAX_LENGTH, VALIDATION_MESSAGES as M } from '../../lib/rules.js';
import { looksLikePhone, whatsappDigits } from '@giftlane/shared-sdk/phone';
import {
  accountRepo,
  findUserById,
  findUserByLogin,
  findUserViewById,
  isUniqueViolation,
  userExtras,
  userView,
  type UserExtras,
  type UserRow,
} from './repo.js';
import type { InsteadOfCode, OtpPurpose } from './otp.js';
import { pendingFor, type PendingIdentity } from '../social/pending.js';
import type { Provider } from '../social/verify.js';
import { objectNameIn } from '../uploads/store.js';
import { confirmPassword } from '../security/service.js';
import { sessionMeta } from '../../shared/sessions.js';
import {
  bindWhatsapp,
  changePassword,
  closeAccount,
  register,
  resetPassword,
  setAvatar,
  setEmail,
  signIn,
  USER_MESSAGES,
  type AccountDeps,
} from './service.js';

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
  /** The user object from the users row and its extras (balances, coupon count). */
  const viewOf = async (u: UserRow, extras: UserExtras, token?: string) =>
    userView(ref, {
      user: u,
      balances: await app.accounts.balances(extras.accounts, u.country_id),
      token,
      couponNum: extras.couponNum,
    });
  /** The user object of a user read already: its extras in one more statement. */
  const fullView = async (q: Queryable, u: UserRow, token?: string) => viewOf(u, await userExtras(q, u.id), token);
  /** The user object of an active user by id, in one statement. */
  const viewById = async (q: Queryable, id: number, token?: string) => {
    const v = await findUserViewById(q, id);
    if (!v) throw new AppError(TOKEN_INVALID, Codes.token);
    return viewOf(v.user, v.extras, token);
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

  const emailInUse = (address: string, exceptUserId?: number) => accountRepo.inUse(db, 'email', address, exceptUserId);
  const whatsappInUse = (digits: string, exceptUserId?: number) =>
    accountRepo.inUse(db, 'whatsapp', digits, exceptUserId);
  const deps: AccountDeps = { ref, otp, sessions, security: app.security, accounts: app.accounts };
  const sent = async (
    purpose: OtpPurpose,
    channel: 'email' | 'whatsapp',
    address: string,
    req: FastifyRequest,
    instead?: InsteadOfCode,
  ) => {
    await otp.send({ purpose, channel, address, ip: req.ip, instead });
    return null;
  };

  // Code-sending and reset routes answer alike whether or not the address has an account:
  // where a code would be pointless, the address's owner gets one of these instead, under the same caps.
  const product = app.config.productName;
  const accountExists: InsteadOfCode = {
    subject: `You already have a ${product} account`,
    text:
      `Someone (we hope you) asked to sign up to ${product} with this e-mail address, but it already has an account. ` +
      'Sign in with it; if you forgot your password, choose "Forgot Password?" on the sign-in page to reset it. If ' +
      'this was not you, you can ignore this message.',
  };
  const noAccountHere = (what: string): InsteadOfCode => ({
    subject: `${product} password reset`,
    text:
      `Someone (we hope you) asked to reset a ${product} password for this ${what}, but no ${product} account ` +
      `uses it. ` +
      'If you have an account, try the e-mail address or WhatsApp number you signed up with, or sign up. If this ' +
      'was not you, you can ignore this message.',
  });
  const accountIdBy = (by: 'email' | 'whatsapp', address: string) => accountRepo.activeIdBy(db, by, address);

  // ---- Sign-up ----------------------------------------------------------------------------------

  gcRoute(app, {
    path: '/user/checkUsername',
    summary:
      'Is this e-mail / WhatsApp number / username free? success=true means free (a tight limit of its own: it tells)',
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
    summary:
      'Send the sign-up code to an e-mail address (one that has an account is told so instead; the reply is the same)',
    body: z.object({ email: email() }),
    limit: 'code',
    handler: async (req) =>
      sent('register', 'email', req.body.email, req, (await emailInUse(req.body.email)) ? accountExists : undefined),
  });

  gcRoute(app, {
    path: '/user/sendWhatsAppCode',
    summary:
      'Send a code to a WhatsApp number: binding when signed in (login password required; a bound number also gets ' +
      'a code), password reset when registered, else sign-up',
    auth: 'optional',
    body: z.object({ whatsapp: phone(), ...confirmField }),
    limit: 'code',
    handler: async (req) => {
      const digits = await waAddress(req.body.whatsapp);
      if (req.auth) {
        const u = await me(req);
        await confirmPassword(db, security, { auth: req.auth!, password: req.body.password });
        if (await whatsappInUse(digits, req.auth.userId)) throw new AppError(USER_MESSAGES.whatsappTaken);
        // Replacing a bound number: the current one must agree too (its code goes first, so a
        // refusal to send it leaves nothing half sent).
        if (u.whatsapp && u.whatsapp_verified && u.whatsapp !== digits)
          await sent('confirm_change', 'whatsapp', u.whatsapp, req);
        return sent('bind_whatsapp', 'whatsapp', digits, req);
      }
      return sent((await whatsappInUse(digits)) ? 'reset_password' : 'register', 'whatsapp', digits, req);
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

      let pending: PendingIdentity | null = null;
      if (social) {
        // Only the browser or device that signed in with the provider may complete it.
        pending = await pendingFor(db, { req, provider: social.provider, uid: social.uid, deviceNo: b.device_no });
        if (!pending) throw new AppError(USER_MESSAGES.socialExpired);
      }
      const { id, token } = await register(db, deps, {
        countryId: country.id,
        byWhatsapp,
        registerType: Number(b.register_type),
        email: mail,
        whatsapp: wa,
        password: b.password,
        code: b.code,
        recommendCode: b.recommend_code,
        channelType: Number(b.channel_type) || 3,
        deviceNo: b.device_no,
        social: social && pending ? { provider: social.provider as Provider, uid: social.uid, pending } : null,
        meta: meta(req, b.device_no),
      });
      return viewById(db, id, token);
    },
  });

  // ---- Sign-in ----------------------------------------------------------------------------------

  gcRoute(app, {
    path: '/user/applogin',
    summary: 'Sign in with e-mail or WhatsApp number (with dial code) and password',
    limit: 'auth',
    body: z.object({
      username: text('Username', 254, M.loginUsernameRequired),
      password: currentPassword(),
      ...device,
    }),
    handler: async (req, reply) => {
      const login = req.body.username;
      const digits = looksLikePhone(login) ? await waAddress(login) : null;
      const guard = { max: app.config.accountLimit.authPerHour, windowMs: 3600_000 };
      try {
        const input = {
          login,
          whatsappDigits: digits,
          password: req.body.password,
          meta: meta(req, req.body.device_no),
          guard,
        };
        const { user: u, token } = await signIn(db, deps, input);
        return fullView(db, u, token);
      } catch (err) {
        if (err instanceof AccountLimited) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
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
      return viewById(db, req.auth!.userId);
    },
  });

  // ---- Password reset ---------------------------------------------------------------------------

  /** A reset code to an address with an account; to one without, a "no account here" message. The reply is the same. */
  const resetByEmail = async (req: FastifyRequest, address: string) =>
    sent(
      'reset_password',
      'email',
      address,
      req,
      (await accountIdBy('email', address)) ? undefined : noAccountHere('e-mail address'),
    );

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
      return sent(
        'reset_password',
        'whatsapp',
        digits,
        req,
        (await accountIdBy('whatsapp', digits)) ? undefined : noAccountHere('WhatsApp number'),
      );
    },
  });

  const reset = async (address: string, by: 'email' | 'whatsapp', code: string, newPassword: string) => {
    await resetPassword(db, deps, { by, address, code, newPassword });
    return null;
  };

  gcRoute(app, {
    path: '/user/updatePasswordByEmail',
    summary: 'Reset the password with the code sent by e-mail',
    limit: 'code',
    body: z.object({ email: email(M.forgotEmailRequired), verify_code: otpField(), ...passwordFields }),
    handler: async (req) => reset(req.body.email, 'email', req.body.verify_code, req.body.new_password),
  });

  for (const path of ['/user/updatePasswordByWhatsapp', '/user/updatePasswordByWhatsApp']) {
    gcRoute(app, {
      path,
      summary: 'Reset the password with the code sent by WhatsApp',
      limit: 'code',
      body: z.object({ whatsapp: phone(M.forgotWhatsappRequired), verify_code: otpField(), ...passwordFields }),
      handler: async (req) =>
        reset(await waAddress(req.body.whatsapp), 'whatsapp', req.body.verify_code, req.body.new_password),
    });
  }

  // ---- Profile ----------------------------------------------------------------------------------

  gcRoute(app, {
    path: '/user/modinickname',
    summary: 'Change the nickname',
    auth: 'required',
    body: z.object({ nickname: text('Nickname', NICKNAME_MAX_LENGTH, M.nicknameRequired) }),
    handler: async (req) => {
      await accountRepo.setNickname(db, req.auth!.userId, req.body.nickname);
      return null;
    },
  });

  gcRoute(app, {
    path: '/account/avatar',
    summary: 'Set the avatar to an uploaded image URL',
    auth: 'required',
    body: z.object({
      avatar: text('Avatar', 500).refine((v) => /^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(v), {
        error: 'Avatar must be an image URL',
      }),
    }),
    handler: async (req) => {
      const name = objectNameIn(app.config.publicUrl, req.body.avatar.split('?')[0] ?? '');
      const upload = name ? { objectName: name, url: `${app.config.publicUrl}/uploads/${name}` } : null;
      await setAvatar(db, { userId: req.auth!.userId, url: req.body.avatar, upload });
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
        await accountRepo.setUsername(db, req.auth!.userId, req.body.username);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(USER_MESSAGES.usernameTaken);
        throw err;
      }
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/modipassword',
    summary:
      'Change the password (wrong current passwords count towards a lock; other sessions are signed out; ' +
      'withdrawals wait; the owner is told)',
    auth: 'required',
    limit: 'auth',
    body: z.object({ password: currentPassword(), ...passwordFields }),
    handler: async (req) => {
      const u = await me(req);
      await changePassword(db, deps, {
        auth: req.auth!,
        user: u,
        current: req.body.password,
        next: req.body.new_password,
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
      await accountRepo.setPhone(db, req.auth!.userId, req.body.phone);
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/bindWhatsapp',
    summary:
      'Bind or change the WhatsApp number: login password, the code sent to the new number, and old_code (sent to ' +
      'the bound number) when one is bound',
    auth: 'required',
    limit: 'code',
    body: z.object({ whatsapp: phone(), code: otpField('code'), old_code: optText('old_code', 10), ...confirmField }),
    handler: async (req) => {
      const u = await me(req);
      const change = {
        address: await waAddress(req.body.whatsapp),
        code: req.body.code,
        oldCode: req.body.old_code,
        password: req.body.password,
      };
      await bindWhatsapp(db, deps, { auth: req.auth!, user: u, change });
      return null;
    },
  });

  gcRoute(app, {
    path: '/user/sendEmailBindVerifyCode',
    summary:
      'Send a code to an e-mail address to bind or change it (login password required; a bound address also gets a ' +
      'code)',
    auth: 'required',
    limit: 'code',
    body: z.object({ email: email(), ...confirmField }),
    handler: async (req) => {
      const u = await me(req);
      await confirmPassword(db, security, { auth: req.auth!, password: req.body.password });
      if (await emailInUse(req.body.email, u.id)) throw new AppError(USER_MESSAGES.emailTaken);
      const old = u.email_verified && u.email ? u.email.toLowerCase() : null;
      if (old && old !== req.body.email) await sent('confirm_change', 'email', old, req);
      return sent('bind_email', 'email', req.body.email, req);
    },
  });

  const changeEmail = async (
    req: FastifyRequest,
    b: { email: string; verify_code: string; old_code: string; password?: string },
  ) => {
    const change = { address: b.email, code: b.verify_code, oldCode: b.old_code, password: b.password };
    await setEmail(db, deps, { auth: req.auth!, user: await me(req), change });
    return null;
  };
  const emailChange = z.object({
    email: email(),
    verify_code: otpField(),
    old_code: optText('old_code', 10),
    ...confirmField,
  });

  gcRoute(app, {
    path: '/user/bindEmail',
    summary:
      'Bind an e-mail address: login password and the code sent to it (and old_code when an address is bound: then ' +
      'it is a change)',
    auth: 'required',
    limit: 'code',
    body: emailChange,
    handler: async (req) => changeEmail(req, req.body),
  });

  gcRoute(app, {
    path: '/user/changeEmail',
    summary:
      'Change the e-mail address: login password, the code sent to the new one and old_code sent to the current ' +
      'one; the old one is told',
    auth: 'required',
    limit: 'code',
    body: emailChange,
    handler: async (req) => changeEmail(req, req.body),
  });

  gcRoute(app, {
    path: '/user/cancellation',
    summary: 'Close the account: refused while money or open orders remain; personal data erased, sessions revoked',
    auth: 'required',
    limit: 'auth',
    body: z.object({ password: optText('password', 128) }),
    handler: async (req) => {
      const u = await me(req);
      await closeAccount(db, deps, { auth: req.auth!, user: u, password: req.body.password });
      return null;
    },
  });
}
