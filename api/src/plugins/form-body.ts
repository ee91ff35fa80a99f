// Form bodies (application/x-www-form-urlencoded), the /gc contract's. The raw body is kept beside the fields
// (`req.rawForm`): a native client's sign is over the fields in the order they arrived. The body is read as a string:
// one chunk is decoded as it is, without a copy made first.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parseForm } from '../lib/sign.js';

export const formBodyPlugin = fp(async (app: FastifyInstance, opts: { bodyLimit?: number }) => {
  app.decorateRequest('rawForm', null);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', ...(opts.bodyLimit !== undefined ? { bodyLimit: opts.bodyLimit } : {}) },
    (req, body, done) => {
      req.rawForm = body as string;
      done(null, parseForm(body as string));
    },
  );
});
