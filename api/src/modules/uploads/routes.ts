import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, Codes, fail, ok } from '../../lib/envelope.js';
import { optInt } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import {
  checkImage,
  IMAGE_LIMITS,
  isObjectName,
  PhotoStoreUnavailable,
  UPLOAD_MESSAGES,
  type UploadStore,
} from './store.js';
import { uploadRepo } from './repo.js';

const MAX_PENDING_PER_HOUR = 200;

/**
 * Presigned upload URLs (order/obsUrl, order/obsUrls), the PUT that receives the image once, and the signed GET that
 * shows it.
 */
export async function uploadRoutes(app: FastifyInstance, opts: { store: UploadStore }): Promise<void> {
  const { db } = app;
  const { store } = opts;

  const issue = async (userId: number, count: number) => {
    if ((await uploadRepo.issuedLastHour(db, userId)) + count > MAX_PENDING_PER_HOUR)
      throw new AppError('Too many uploads, please try again later');
    const expires = Date.now() + IMAGE_LIMITS.urlTtlMs;
    const names = Array.from({ length: count }, () => store.newObjectName(userId));
    await uploadRepo.createPending(db, userId, names, new Date(expires));
    return names.map((objectName) => ({
      objectName,
      url: store.presignPut(objectName, expires),
      public_url: store.publicUrl(objectName),
    }));
  };

  gcRoute(app, {
    path: '/order/obsUrls',
    summary: 'Presigned PUT URLs for card images (at most 10); the public URL is the URL without its query',
    auth: 'required',
    body: z.object({ image_count: optInt('image_count', 5, { min: 1, max: IMAGE_LIMITS.perOrder }) }),
    handler: async (req) => issue(req.auth!.userId, req.body.image_count),
  });

  gcRoute(app, {
    path: '/order/obsUrl',
    summary: 'One presigned PUT URL for a card image',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => (await issue(req.auth!.userId, 1))[0],
  });

  /** The photo store cannot write or read: a clear envelope (503, try again later), its cause in the log. */
  const unavailable = (req: FastifyRequest, reply: FastifyReply, err: PhotoStoreUnavailable) => {
    req.log.error({ err: err.cause, photos: store.location, op: err.op }, `photo store cannot ${err.op}`);
    return reply.status(503).header('retry-after', '60').send(fail(err.message, Codes.failed));
  };

  await app.register(async (scope) => {
    // Image bodies of any declared type arrive raw; the content is what is checked.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: IMAGE_LIMITS.maxBytes + 1024 },
      (_req, body, done) => done(null, body),
    );

    scope.put<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
      '/uploads/*',
      { schema: { hide: true }, bodyLimit: IMAGE_LIMITS.maxBytes + 1024 },
      async (req, reply) => {
        const name = req.params['*'];
        const { expires = '', signature = '' } = req.query;
        if (!store.verifyPut(name, String(expires), String(signature)))
          return reply.status(403).send(fail(UPLOAD_MESSAGES.link, Codes.failed));
        // Written once: the first PUT claims the object (stored_at) before its image is checked;
        // a second or parallel PUT to the same link finds it claimed and is refused.
        if (!(await uploadRepo.claim(db, name))) {
          if (!(await uploadRepo.isLive(db, name)))
            return reply.status(403).send(fail(UPLOAD_MESSAGES.link, Codes.failed));
          return reply.status(409).send(fail(UPLOAD_MESSAGES.once, Codes.failed));
        }
        // A file that is not an acceptable image was not written: the link may be used again.
        const release = () => uploadRepo.release(db, name);
        const body = req.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          await release();
          return reply.status(400).send(fail(UPLOAD_MESSAGES.broken, Codes.validation));
        }
        const checked = await checkImage(body);
        if (!checked.ok) {
          await release();
          return reply.status(400).send(fail(checked.reason, Codes.validation));
        }
        try {
          await store.put(name, checked.data, checked.contentType);
        } catch (err) {
          // The link stays usable: the seller can send the same photo again in a few minutes.
          await release();
          if (err instanceof PhotoStoreUnavailable) return unavailable(req, reply, err);
          throw err;
        }
        await uploadRepo.markStored(db, name, {
          contentType: checked.contentType,
          bytes: checked.data.length,
          width: checked.width,
          height: checked.height,
        });
        return ok({ objectName: name, url: store.publicUrl(name), width: checked.width, height: checked.height });
      },
    );

    // Card photos show redeem codes: only a signed link (minted for the owner by ord/list and
    // ord/detail, for staff by the operator api) shows one, and only for a few minutes.
    scope.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
      '/uploads/*',
      { schema: { hide: true } },
      async (req, reply) => {
        const name = req.params['*'];
        if (!isObjectName(name)) return reply.status(404).send(fail('Not found', Codes.notFound));
        const { expires = '', signature = '' } = req.query;
        const meta = await uploadRepo.storedMeta(db, name);
        // An avatar (its owner chose it with account/avatar) is public; every other image needs the link.
        const avatar = meta?.purpose === 'avatar';
        if (!avatar && !store.verifyView(name, String(expires), String(signature)))
          return reply.status(403).send(fail(UPLOAD_MESSAGES.view, Codes.failed));
        let data: Buffer | null;
        try {
          data = meta ? await store.get(name) : null;
        } catch (err) {
          if (err instanceof PhotoStoreUnavailable) return unavailable(req, reply, err);
          throw err;
        }
        if (!data || !meta) return reply.status(404).send(fail('Not found', Codes.notFound));
        const left = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
        return reply
          .header('content-type', meta.content_type)
          .header('cache-control', avatar ? 'public, max-age=86400' : `private, max-age=${left}`)
          .send(data);
      },
    );
  });
}
