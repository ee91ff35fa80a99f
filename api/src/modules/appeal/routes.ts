import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import type { UploadStore } from '../uploads/store.js';
import { evidencePack, openAppeal } from './service.js';

const photos = z
  .union([z.string().max(20_000), z.array(z.string().max(2000)).max(50)], {
    error: 'images must be a comma-separated list of uploaded photos',
  })
  .optional();

/** The seller's side of evidence and appeal: the evidence pack of an order, and opening an appeal on it. */
export async function appealRoutes(app: FastifyInstance, opts: { store: UploadStore }): Promise<void> {
  const { db, ref } = app;
  const deps = { ref, view: (p: string) => opts.store.viewUrl(p), store: opts.store, jobs: app.jobs };

  gcRoute(app, {
    path: '/appeal/detail',
    summary:
      'The evidence pack of one of the user’s orders (per failed card: reason, proof photos, reviewer’s note, time), ' +
      'its appeal and whether one can be opened now',
    auth: 'required',
    body: z.object({ order_no: text('order_no', 64, 'order_no is required') }),
    handler: (req) => evidencePack(db, deps, { userId: req.auth!.userId, orderNo: req.body.order_no }),
  });

  gcRoute(app, {
    path: '/appeal/apply',
    summary: 'Appeal a decided order (failed cards) within the window, with a note and up to 5 uploaded photos',
    auth: 'required',
    body: z.object({
      order_no: text('order_no', 64, 'order_no is required'),
      note: text('note', 1000, 'Tell us why the decision is wrong (note)'),
      images: photos,
    }),
    handler: (req) =>
      openAppeal(db, deps, {
        userId: req.auth!.userId,
        orderNo: req.body.order_no,
        note: req.body.note,
        images:
          req.body.images === undefined
            ? []
            : Array.isArray(req.body.images)
              ? req.body.images
              : req.body.images.split(','),
      }),
  });
}
