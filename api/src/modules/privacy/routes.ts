import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatMinor } from '../../lib/money.js';
import { gcRoute } from '../../lib/route.js';
import { openDateOfBirth } from '../kyc/service.js';
import { maskedId } from '../kyc/vault.js';
import { privacyRepo } from './repo.js';

/** Bumped when the export's shape changes, so a reader knows what it holds. */
export const EXPORT_VERSION = 1;

/**
 * "Download my data" (NDPA 2023, the data subject's right of access): everything we
 * keep about the seller, as JSON. Secrets stay out (password and PIN hashes, session tokens) and
 * identity numbers stay masked: the file may end up anywhere on a phone.
 */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const { db, ref } = app;

  gcRoute(app, {
    path: '/user/exportData',
    summary: 'Everything GiftLane keeps about the signed-in seller, as JSON (secrets left out, ID numbers masked)',
    auth: 'required',
    limit: 'auth',
    body: z.object({}),
    handler: async (req) => {
      const id = req.auth!.userId;
      const amount = async (minor: bigint | null, code: string) =>
        minor === null ? null : formatMinor(BigInt(minor), (await ref.currency(code)).decimals);
      const { profile, checks, payouts, orders, withdrawals, entries, sessions, notices } =
        await privacyRepo.everythingAbout(db, id);
      // Amounts as decimal text in their currency ("amount": "2000.00"), as the app shows them.
      const money = <T extends { currency_code: string }>(rows: T[], fields: (keyof T & string)[]) =>
        Promise.all(
          rows.map(async (r) => {
            const out: Record<string, unknown> = { ...r };
            for (const f of fields) {
              out[f.replace(/_minor$/, '')] = await amount(r[f] as bigint, r.currency_code);
              delete out[f];
            }
            return out;
          }),
        );
      return {
        format: `giftlane-export-v${EXPORT_VERSION}`,
        exported_at: new Date().toISOString(),
        profile: profile.rows[0] ?? null,
        verification: checks.rows.map((c) => ({
          level: c.level,
          id_type: c.id_type,
          id_number: maskedId(c.id_last4),
          // Kept sealed; opened for its own seller here.
          date_of_birth: openDateOfBirth(app.kyc.vault, c) || null,
          name_on_record: c.name_on_record,
          address_given: c.address,
          status: c.status,
          reason: c.reason,
          created_at: c.created_at,
          decided_at: c.decided_at,
        })),
        payout_accounts: payouts.rows,
        orders: await money(orders.rows, ['amount_minor']),
        withdrawals: await money(withdrawals.rows, ['amount_minor', 'fee_minor']),
        wallet_entries: await money(entries.rows, ['amount_minor', 'balance_after_minor']),
        sessions: sessions.rows,
        notices: notices.rows,
        kept_and_why: 'docs/data-retention.md: what we keep, for how long, and why',
      };
    },
  });
}
