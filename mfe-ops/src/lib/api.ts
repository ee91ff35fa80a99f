// The operator API (JSON under /ops/api, `Authorization: Bearer`), reached through the edge. The
// staff session lives in its own sessionStorage key, never in the customers' storage: it ends with
// the tab, and a seller's session in the same browser is neither read nor touched.
import { formatMoney, toCurrencyCode, tryParseMoney } from '@giftlane/shared-sdk';
import { getOps, OpsError, type Role } from '@giftlane/shared-sdk/ops/client';
import { OPS_REPLIES, type OpsRoute } from '@giftlane/shared-sdk/ops/replies';

export { getOps, OpsError, staffSession, type Role, type StaffSession } from '@giftlane/shared-sdk/ops/client';

/** May this role open that area? (an admin may open every one; the api checks again.) */
export const can = (role: Role, ...roles: Role[]) => role === 'admin' || roles.includes(role);

/** Each operator route, matched by its path template (fixed paths before ones with parameters). */
const ROUTES = (Object.keys(OPS_REPLIES) as OpsRoute[])
  .map((route) => {
    const [method, template = ''] = route.split(' ');
    const names: string[] = [];
    const pattern = template.replace(/^\/ops\/api/, '').replace(/:([a-z_]+)/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { route, method, names, re: new RegExp(`^${pattern}$`) };
  })
  .sort((a, b) => a.names.length - b.names.length);

/**
 * One call by path, through the typed operator client (its transport, its decoding with the
 * contract's schemas): the reply's data, or an OpsError with the api's message. A 401 ends the session.
 */
export async function ops<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const [bare = '', query = ''] = path.split('?');
  const hit = ROUTES.find((r) => r.method === method && r.re.test(bare));
  if (!hit) throw new OpsError(`This console has no route ${method} ${bare}`, 0);
  const found = hit.re.exec(bare)!;
  const params = Object.fromEntries(hit.names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]));
  const reply = await getOps().call(hit.route, params, { body: method === 'POST' ? (body ?? {}) : undefined, query: Object.fromEntries(new URLSearchParams(query)) });
  return reply as T;
}

/** The payouts CSV the api makes: saved by the browser under the name the api gives. */
export async function download(body: { currency: 'NGN' | 'GHS'; method: 'BANK' | 'MOMO' }): Promise<string> {
  const file = await getOps().withdrawals.export(body);
  const url = URL.createObjectURL(new Blob([file.text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return file.text;
}

export const qs = (params: Record<string, string | number | undefined | null>) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') u.set(k, String(v));
  const s = u.toString();
  return s ? `?${s}` : '';
};

export const when = (d: string | null | undefined) => (d ? new Date(d).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

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
