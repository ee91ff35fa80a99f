// The operator API (JSON under /ops/api, `Authorization: Bearer`), reached through the edge. The
// staff session lives in its own sessionStorage key, never in the customers' storage: it ends with
// the tab, and a seller's session in the same browser is neither read nor touched.
import { formatMoney, toCurrencyCode, tryParseMoney } from '@giftlane/shared-sdk';
import { OpsError, staffSession, type Role } from '@giftlane/shared-sdk/ops/client';

export { getOps, OpsError, staffSession, type Role, type StaffSession } from '@giftlane/shared-sdk/ops/client';

/** May this role open that area? (an admin may open every one; the api checks again.) */
export const can = (role: Role, ...roles: Role[]) => role === 'admin' || roles.includes(role);

async function request(method: string, path: string, body?: unknown): Promise<Response> {
  const s = staffSession.get();
  try {
    return await fetch(`/ops/api${path}`, {
      method,
      headers: { ...(s ? { authorization: `Bearer ${s.token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new OpsError('The network failed: check the connection and try again', 0);
  }
}

/** One call: the reply's data, or an OpsError with the api's message. A 401 ends the session. */
export async function ops<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await request(method, path, method === 'POST' ? (body ?? {}) : undefined);
  const json = (await res.json().catch(() => null)) as { success?: boolean; msg?: string; data?: T } | null;
  if (!json?.success) {
    const msg = json?.msg || `The server answered ${res.status}`;
    if (res.status === 401 && staffSession.get() && !path.startsWith('/login')) staffSession.set(null, msg);
    throw new OpsError(msg, res.status);
  }
  return json.data as T;
}

/** A file the api makes (the payouts CSV): saved by the browser under the name the api gives. */
export async function download(path: string, body: unknown): Promise<string> {
  const res = await request('POST', path, body);
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new OpsError(json?.msg ?? `The server answered ${res.status}`, res.status);
  }
  const text = await res.text();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return text;
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
