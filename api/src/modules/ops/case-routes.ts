import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assign, caseView, cases, casesOf, photoLinks, reply, solve } from './case-service.js';
import { opsRoute } from './route.js';

const CASE_ROLES = ['reviewer', 'finance'] as const;
const caseParams = z.object({ case_no: z.string().max(20) });

/** The case queue: cases oldest breach first, one case with its messages, assign, reply, solve. */
export function caseRoutes(app: FastifyInstance): void {
  const deps = app.cases;
  const db = app.db;

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/cases',
    roles: CASE_ROLES,
    summary:
      'Open cases, the clock due first leading (breached cases first, the oldest breach first); solved ones with ' +
      'solved=1; mine=1 for my cases; order_no or withdraw_no for the cases about one of them',
    query: z.object({
      solved: z.enum(['0', '1']).optional(),
      mine: z.enum(['0', '1']).optional(),
      order_no: z.string().max(64).optional(),
      withdraw_no: z.string().max(64).optional(),
    }),
    handler: ({ staff, query }) =>
      query.order_no || query.withdraw_no
        ? casesOf(db, deps, { orderNo: query.order_no, withdrawNo: query.withdraw_no })
        : cases(db, deps, { staff, solved: query.solved === '1', mine: query.mine === '1' }),
  });

  opsRoute(app, {
    method: 'GET',
    path: '/ops/api/cases/:case_no',
    roles: CASE_ROLES,
    summary: 'A case with its messages, timeline, clocks and the staff who may own it (audited)',
    params: caseParams,
    handler: ({ staff, params }) => caseView(db, deps, { staff, caseNo: params.case_no }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/cases/:case_no/assign',
    roles: CASE_ROLES,
    summary: 'Give the case an owner: me, or the staff member named',
    params: caseParams,
    body: z.object({ owner_id: z.number().int().positive().optional() }),
    handler: ({ staff, params, body }) => assign(db, deps, { staff, caseNo: params.case_no, ownerId: body.owner_id }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/cases/:case_no/reply',
    roles: CASE_ROLES,
    summary: 'Reply to the seller (text and photos uploaded through photo-links); the seller is told',
    params: caseParams,
    body: z.object({
      message: z.string().max(20_000, 'The message is too long'),
      photos: z.array(z.string().max(300)).max(20).optional(),
    }),
    handler: ({ staff, params, body }) =>
      reply(db, deps, { staff, caseNo: params.case_no, message: body.message, photos: body.photos ?? [] }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/cases/:case_no/solve',
    roles: CASE_ROLES,
    summary: 'Solve the case with the resolution the seller reads',
    params: caseParams,
    body: z.object({ resolution: z.string().max(2000, 'The resolution is too long (maximum 2000 characters)') }),
    handler: ({ staff, params, body }) =>
      solve(db, deps, { staff, caseNo: params.case_no, resolution: body.resolution }),
  });

  opsRoute(app, {
    method: 'POST',
    path: '/ops/api/cases/:case_no/photo-links',
    roles: CASE_ROLES,
    summary: 'Upload links (PUT) for photos to attach to a reply',
    params: caseParams,
    body: z.object({ count: z.number().int().min(1).max(20) }),
    handler: ({ staff, params, body }) => photoLinks(db, deps, { staff, caseNo: params.case_no, count: body.count }),
  });
}
