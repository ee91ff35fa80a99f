import { sessionMeta } from '../../shared/sessions.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/envelope.js';
import { oneOf, optText } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { rememberPending } from '../social/pending.js';
import type { Provider, VerifiedIdentity } from '../social/verify.js';
import { findUserById, markSignedIn } from './repo.js';
import { socialRepo } from '../social/repo.js';

/** How long an identity from social/getGoogleInfoByToken waits for the app's googleLogin. */
const HANDOFF_MS = 10 * 60_000;

const common = {
  social_id: optText('social_id', 255),
  social_email: optText('social_email', 254),
  social_name: optText('social_name', 100),
  social_picture: optText('social_picture', 500),
  is_validate_email: optText('is_validate_email', 2),
  device_no: optText('device_no', 200),
  device_type: optText('device_type', 200),
  os_type: optText('os_type', 20),
  channel_type: optText('channel_type', 4),
  version: optText('version', 10),
};

/** The id token: the web client names it idToken; id_token and (for Apple) social_code are read too. */
const tokenOf = (b: Record<string, string>, ...names: string[]) =>
  names.map((n) => b[n]).find((v) => v && v.split('.').length === 3) ?? '';

export async function socialRoutes(app: FastifyInstance): Promise<void> {
  const { db, sessions, social } = app;

  /**
   * After the provider vouched for the identity: an account bound to it gets a session; otherwise
   * the identity waits (30 minutes) for appregister to complete the sign-up with country and password.
   */
  async function signIn(
    req: FastifyRequest,
    reply: FastifyReply,
    id: VerifiedIdentity,
    claimedId: string,
    client: { deviceNo: string; osType: string },
    clientEmail: string,
  ) {
    const deviceNo = client.deviceNo;
    if (claimedId && claimedId !== id.uid) throw new AppError(`${label(id.provider)} login failed. Please try again.`);
    const email = id.email ?? (clientEmail ? clientEmail.toLowerCase() : null);
    const userId = await socialRepo.activeOwner(db, id.provider, id.uid);
    if (userId) {
      const token = await db.tx(async (q) => {
        await markSignedIn(q, userId);
        return sessions.create(q, { userId, meta: sessionMeta(req, deviceNo) });
      });
      const u = await findUserById(db, userId);
      return {
        is_social_bind: true,
        username: u?.username ?? '',
        social_id: id.uid,
        social_email: email ?? '',
        social_type: id.provider,
        token,
      };
    }
    await rememberPending(db, {
      reply,
      identity: id,
      email,
      client: { ...client, secureCookie: app.config.publicUrl.startsWith('https:') },
    });
    return {
      is_social_bind: false,
      username: '',
      social_id: id.uid,
      social_email: email ?? '',
      social_type: id.provider,
      token: '',
    };
  }

  const client = (b: { device_no?: string; os_type?: string }) => ({
    deviceNo: b.device_no ?? '',
    osType: (b.os_type ?? '').toLowerCase(),
  });

  gcRoute(app, {
    path: '/social/getGoogleInfoByToken',
    summary:
      'The apps: exchange a Google authorization code; the identity then waits 10 minutes for googleLogin from this ' +
      'device',
    limit: 'auth',
    body: z.object({ ...common, code: optText('code', 2048), redirect_uri: optText('redirect_uri', 2048) }),
    handler: async (req) => {
      const b = req.body;
      if (!b.code || !b.device_no) throw new AppError('Google login failed. Please try again.');
      const id = await social.googleCode(b.code, b.redirect_uri);
      await socialRepo.saveHandoff(db, id, b.device_no, new Date(Date.now() + HANDOFF_MS));
      return { social_id: id.uid, social_email: id.email ?? '', social_name: id.name };
    },
  });

  /** The identity getGoogleInfoByToken verified for this device, taken once. */
  async function handoff(uid: string, deviceNo: string): Promise<VerifiedIdentity | null> {
    if (!uid || !deviceNo) return null;
    const row = await socialRepo.takeHandoff(db, uid, deviceNo);
    return row?.live
      ? { provider: 'google', uid, email: row.email, emailVerified: row.email_verified, name: row.name }
      : null;
  }

  gcRoute(app, {
    path: '/social/googleLogin',
    summary:
      'Google sign-in: an id token (web), an access token (checked with token-info), or the identity ' +
      'getGoogleInfoByToken verified for this device (apps)',
    limit: 'auth',
    body: z.object({
      ...common,
      idToken: optText('idToken', 4096),
      id_token: optText('id_token', 4096),
      access_token: optText('access_token', 4096),
    }),
    handler: async (req, reply) => {
      const b = req.body as Record<string, string>;
      const token = tokenOf(b, 'idToken', 'id_token');
      let id: VerifiedIdentity | null;
      if (token) id = await social.google(token);
      else if (b.access_token) id = await social.googleAccessToken(b.access_token);
      else id = await handoff(b.social_id ?? '', b.device_no ?? '');
      if (!id) throw new AppError('Google login failed. Please try again.');
      return signIn(req, reply, id, b.social_id ?? '', client(b), b.social_email ?? '');
    },
  });

  gcRoute(app, {
    path: '/social/appleLogin',
    summary: 'Apple sign-in: an id token (web), or an authorization code exchanged with Apple (apps)',
    limit: 'auth',
    body: z.object({
      ...common,
      idToken: optText('idToken', 4096),
      id_token: optText('id_token', 4096),
      social_code: optText('social_code', 4096),
    }),
    handler: async (req, reply) => {
      const b = req.body as Record<string, string>;
      const token = tokenOf(b, 'idToken', 'id_token', 'social_code');
      let id: VerifiedIdentity;
      if (token) id = await social.apple(token);
      else if (b.social_code) id = await social.appleCode(b.social_code);
      else throw new AppError('Apple login failed. Please try again.');
      return signIn(req, reply, id, b.social_id ?? '', client(b), b.social_email ?? '');
    },
  });

  gcRoute(app, {
    path: '/social/facebookLogin',
    summary: 'Facebook sign-in with an access token (checked with the Graph debug endpoint)',
    limit: 'auth',
    body: z.object({ ...common, facebook_token: optText('facebook_token', 4096) }),
    handler: async (req, reply) => {
      const b = req.body;
      if (!b.facebook_token) throw new AppError('Facebook login failed. Please try again.');
      return signIn(req, reply, await social.facebook(b.facebook_token), b.social_id, client(b), b.social_email);
    },
  });

  gcRoute(app, {
    path: '/social/socialBind',
    summary: 'Bind a Google, Facebook or Apple identity to the signed-in account',
    auth: 'required',
    limit: 'auth',
    body: z.object({
      ...common,
      social_type: oneOf('social_type', ['google', 'facebook', 'apple']),
      idToken: optText('idToken', 4096),
      id_token: optText('id_token', 4096),
      apple_code: optText('apple_code', 4096),
      facebook_token: optText('facebook_token', 4096),
    }),
    handler: async (req) => {
      const b = req.body as Record<string, string>;
      const provider = b.social_type as Provider;
      let id: VerifiedIdentity;
      if (provider === 'facebook') {
        if (!b.facebook_token) throw new AppError(`Failed to bind ${label(provider)} account`);
        id = await social.facebook(b.facebook_token);
      } else {
        const token = tokenOf(b, 'idToken', 'id_token', 'apple_code', 'social_code');
        // The apps send Apple's authorization code in apple_code: exchanged with Apple.
        if (!token && provider === 'apple' && b.apple_code) id = await social.appleCode(b.apple_code);
        else if (!token) throw new AppError(`Failed to bind ${label(provider)} account`);
        else id = provider === 'google' ? await social.google(token) : await social.apple(token);
      }
      if (b.social_id && b.social_id !== id.uid) throw new AppError(`Failed to bind ${label(provider)} account`);
      const userId = req.auth!.userId;
      const owner = await socialRepo.owner(db, provider, id.uid);
      if (owner && owner !== userId)
        throw new AppError(`This ${label(provider)} account is already bound to another user`);
      if (!owner) {
        if (await socialRepo.hasProvider(db, userId, provider))
          throw new AppError(`Your account is already bound to another ${label(provider)} account`);
        try {
          await socialRepo.bind(db, {
            provider,
            uid: id.uid,
            userId,
            email: id.email,
            name: id.name || b.social_name || '',
          });
        } catch {
          throw new AppError(`Failed to bind ${label(provider)} account`);
        }
      }
      return { is_social_bind: true };
    },
  });
}

function label(p: Provider): string {
  return p === 'google' ? 'Google' : p === 'facebook' ? 'Facebook' : 'Apple';
}
