import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optText, text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import type { Ledger } from '../ledger/ledger.js';
import { kycStatus, submitDocuments, verifyId, verifySelfie } from './service.js';

/** Settings → Verification: the seller's level and limits, and the three steps up. */
export async function kycRoutes(app: FastifyInstance, opts: { ledger: Ledger }): Promise<void> {
  const { db, kyc } = app;

  gcRoute(app, {
    path: '/kyc/status',
    summary:
      'Verification level, what each level needs and allows, the latest check per level (ID masked), today’s limits ' +
      'per wallet',
    auth: 'required',
    body: z.object({}),
    handler: async (req) => {
      // The balances and the rest of the screen are read at once: two statements, one round trip.
      const balances = () =>
        opts.ledger
          .userBalances(app.db, req.auth!.userId)
          .then((all) =>
            all.filter((b) => b.kind === 'cash').map((b) => ({ currency: b.currency, balanceMinor: b.balanceMinor })),
          );
      return kycStatus(db, kyc, { userId: req.auth!.userId, balances });
    },
  });

  gcRoute(app, {
    path: '/kyc/verifyId',
    summary:
      'Level 1: a BVN or NIN (Nigeria) or Ghana Card number with the name and date of birth on it, looked up at the ' +
      'identity provider',
    auth: 'required',
    limit: 'auth',
    body: z.object({
      id_type: text('id_type', 20, 'Choose the kind of ID'),
      id_number: text('id_number', 40, 'Enter your ID number'),
      first_name: text('first_name', 80, 'Enter your first name as on your ID'),
      last_name: text('last_name', 80, 'Enter your last name as on your ID'),
      date_of_birth: text('date_of_birth', 10, 'Enter your date of birth'),
    }),
    handler: async (req) => {
      const b = req.body;
      return verifyId(db, kyc, {
        userId: req.auth!.userId,
        idType: b.id_type,
        idNumber: b.id_number,
        firstName: b.first_name,
        lastName: b.last_name,
        dateOfBirth: b.date_of_birth,
      });
    },
  });

  gcRoute(app, {
    path: '/kyc/selfie',
    summary:
      'Level 2: a selfie (uploaded with order/obsUrl) matched by the provider with the photo on the verified ID’s ' +
      'record',
    auth: 'required',
    limit: 'auth',
    body: z.object({ selfie: text('selfie', 500, 'Take a selfie first') }),
    handler: async (req) => verifySelfie(db, kyc, { userId: req.auth!.userId, selfieUrl: req.body.selfie }),
  });

  gcRoute(app, {
    path: '/kyc/documents',
    summary: 'Level 3: a photo of the ID document and the home address, for staff to check',
    auth: 'required',
    limit: 'auth',
    body: z.object({
      document: text('document', 500, 'Upload a photo of your ID document'),
      address: optText('address', 300),
    }),
    handler: async (req) =>
      submitDocuments(db, kyc, { userId: req.auth!.userId, documentUrl: req.body.document, address: req.body.address }),
  });
}
