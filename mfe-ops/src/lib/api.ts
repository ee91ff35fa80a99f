// The operator API (JSON under /ops/api, `Authorization: Bearer`), reached through the edge, through
// shared-sdk's typed operator client: one method per route, each reply decoded with its schema. The
// staff session lives in its own sessionStorage key (shared-sdk/src/ops/client.ts).
import { formatMoney, toCurrencyCode, tryParseMoney } from '@giftlane/shared-sdk';
import { getOps, type OpsFile, type Role } from '@giftlane/shared-sdk/ops/client';

export {
  OpsError,
  qs,
  staffSession,
  type OpsReply,
  type Role,
  type StaffSession,
} from '@giftlane/shared-sdk/ops/client';

/** The console's client (a test installs one answering wire replies: `@giftlane/shared-sdk/ops/testing`). */
export const ops = getOps;

/** May this role open that area? (an admin may open every one; the api checks again.) */
export const can = (role: Role, ...roles: Role[]) => role === 'admin' || roles.includes(role);

/** A file the api made (the payouts CSV): saved by the browser under the name the api gives. */
export function download(file: OpsFile): string {
  const url = URL.createObjectURL(new Blob([file.text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return file.text;
}

export const when = (d: string | null | undefined) =>
  d ? new Date(d).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/**
 * An amount as every console screen shows money: "₦364,000.00", "GH₵12.50", "1,250.0000 USDT"
 * (shared-sdk's formatMoney). An amount the api sends in a form it does not know is shown as sent.
 */
export function amount(value: string | number | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const code = toCurrencyCode(currency);
  const m = code ? tryParseMoney(value, code) : undefined;
  return m ? formatMoney(m) : `${value} ${currency ?? ''}`.trim();
}
