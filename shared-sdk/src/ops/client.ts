// The operator console's client of the operator API (/ops/api, `Authorization: Bearer`): one method
// per route, each reply decoded with its route's schema (replies.ts), so a reply outside the contract
// is an error and the screens' types are the schemas'. Bundled into the operator remote only (it is
// not part of the shared singleton). The staff session lives in its own sessionStorage key, never in
// the customers' storage: it ends with the tab, and a seller's session in the same browser is
// neither read nor touched.
import { parse } from '../gc/replies/schema';
import { OPS_REPLIES, type OpsReply, type OpsRoute, type StaffRole } from './replies';

export type Role = StaffRole;

export interface StaffSession {
  token: string;
  id: number;
  name: string;
  role: Role;
}

const KEY = 'gl.ops.staff';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: StaffSession | null } = { raw: null, value: null };
let lastEnd = '';

function readRaw(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parseSession(raw: string | null): StaffSession | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StaffSession;
  } catch {
    return null;
  }
}

export const staffSession = {
  /** The same object until the session changes (React's useSyncExternalStore needs a stable snapshot). */
  get(): StaffSession | null {
    const raw = readRaw();
    if (raw !== cached.raw) cached = { raw, value: parseSession(raw) };
    return cached.value;
  },
  set(s: StaffSession | null, reason?: string) {
    if (s) sessionStorage.setItem(KEY, JSON.stringify(s));
    else sessionStorage.removeItem(KEY);
    lastEnd = s ? '' : (reason ?? '');
    for (const l of listeners) l();
  },
  /** Why the last session ended (expired), shown on the sign-in form. */
  endedBecause: () => lastEnd,
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  },
};

/** A refusal of the api (its message and HTTP status), a reply outside the contract, or no answer (status 0). */
export class OpsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const NETWORK_FAILED = 'The network failed: check the connection and try again';
export const OUTSIDE_CONTRACT = 'The server answered something this console does not understand: reload the page';

/** One request as the transport sends it: the path with its parameters filled in and its query string. */
export interface OpsRequest {
  route: OpsRoute;
  method: 'GET' | 'POST';
  /** The path under /ops/api, e.g. '/orders/GC1/claim?x=1'. */
  path: string;
  body?: unknown;
}

/** What came back: the status, the body's text, its content type and the file name of a download. */
export interface OpsResponse {
  status: number;
  text: string;
  type: string;
  filename?: string;
}

/** Sends one request; rejects only when nothing came back. */
export type OpsTransport = (req: OpsRequest) => Promise<OpsResponse>;

/** The browser's transport: fetch under /ops/api with the session's bearer token. */
export const fetchTransport: OpsTransport = async ({ method, path, body }) => {
  const s = staffSession.get();
  const res = await fetch(`/ops/api${path}`, {
    method,
    headers: {
      ...(s ? { authorization: `Bearer ${s.token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '', filename };
};

type Query = Record<string, string | number | undefined | null>;

export const qs = (params: Query = {}) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') u.set(k, String(v));
  const s = u.toString();
  return s ? `?${s}` : '';
};

/** A file the api made (the payouts CSV). */
export interface OpsFile {
  name: string;
  text: string;
}

// ---- What the routes take -------------------------------------------------------------------------

export interface DecisionLine {
  status: 'success' | 'failed';
  card_id?: number;
  code?: string;
  face_value?: string;
  rate?: string;
  fail_reason?: string;
  fail_note?: string;
  proof_image?: string;
  image_index?: number;
}
export interface Decision {
  lines: DecisionLine[];
  payout_note?: string;
  note?: string;
}
/** A counter-offer: the card lines as found, a reason (from the order's offer_reasons), a note, proof photos. */
export interface CounterOffer {
  lines: DecisionLine[];
  reason: string;
  note?: string;
  proof_images?: string[];
}
export interface QueueFilter {
  brand?: number;
  currency?: 'NGN' | 'GHS' | 'USDT';
  min_amount?: string;
  max_amount?: string;
  waiting_over_minutes?: number;
}
export interface AuditFilter {
  target_type?: string;
  target_id?: string;
  staff_id?: number;
  action?: string;
  q?: string;
  from?: string;
  to?: string;
  before_id?: string | number;
}
export interface NewCoupon {
  code: string;
  name: string;
  kind: 'percent' | 'fixed' | 'rate_add';
  value: string;
  currency?: string;
  wallet_type?: 1 | 2;
  minimum?: string;
  valid_from?: string;
  valid_until: string;
  max_use?: number;
  grant_on_signup?: boolean;
}
export interface Correction {
  user_id: number;
  wallet_type: 1 | 2;
  amount: string;
  reason: string;
  idempotency_key: string;
}
export interface RateChanges {
  changes: { card_id: number; currency: 'NGN' | 'GHS' | 'USDT'; rate: string }[];
  effective_at?: string;
  reason: string;
}
type Reason = { reason: string };
/** Where a release change applies, and why (kept in the audit log and the release history). */
export interface ReleaseTarget {
  env: string;
  app: string;
  why: string;
}

/**
 * The typed client over a transport. `onSignedOut` hears a 401 of a signed-in call (the session is
 * over): the default client ends the stored session with the api's message.
 */
export function createOpsClient(transport: OpsTransport, onSignedOut: (message: string) => void = () => undefined) {
  async function send(
    route: OpsRoute,
    params: Record<string, string | number>,
    input?: { body?: unknown; query?: Query },
  ) {
    const [method, template] = route.split(' ') as ['GET' | 'POST', string];
    const filled = template
      .replace(/^\/ops\/api/, '')
      .replace(/:([a-z_]+)/g, (_m, name: string) => encodeURIComponent(String(params[name])));
    const path = `${filled}${qs(input?.query)}`;
    let res: OpsResponse;
    try {
      res = await transport({ route, method, path, body: method === 'POST' ? (input?.body ?? {}) : undefined });
    } catch {
      throw new OpsError(NETWORK_FAILED, 0);
    }
    return { res, path };
  }

  async function call<R extends OpsRoute>(
    route: R,
    params: Record<string, string | number> = {},
    input?: { body?: unknown; query?: Query },
  ): Promise<OpsReply<R>> {
    const { res, path } = await send(route, params, input);
    type Envelope = { success?: boolean; msg?: string; data?: unknown };
    let json: Envelope | null;
    try {
      json = JSON.parse(res.text) as Envelope | null;
    } catch {
      json = null;
    }
    if (!json?.success) {
      const msg = json?.msg || `The server answered ${res.status}`;
      if (res.status === 401 && !path.startsWith('/login')) onSignedOut(msg);
      throw new OpsError(msg, res.status);
    }
    const decoded = parse(OPS_REPLIES[route], json.data);
    if (!decoded.ok) throw new OpsError(OUTSIDE_CONTRACT, res.status);
    return decoded.value as OpsReply<R>;
  }

  /** A route answering a file: its text, checked as the contract says, with the name the api gives. */
  async function file(route: 'POST /ops/api/withdrawals/export', body: unknown): Promise<OpsFile> {
    const { res, path } = await send(route, {}, { body });
    if (res.status < 200 || res.status >= 300 || res.type.startsWith('application/json')) {
      let msg = `The server answered ${res.status}`;
      try {
        msg = (JSON.parse(res.text) as { msg?: string }).msg || msg;
      } catch {
        // not JSON: the status says it
      }
      if (res.status === 401 && !path.startsWith('/login')) onSignedOut(msg);
      throw new OpsError(msg, res.status);
    }
    return { name: res.filename ?? 'export.csv', text: res.text };
  }

  return {
    call,
    auth: {
      login: (body: { email: string; password: string }) => call('POST /ops/api/login', {}, { body }),
      secondFactor: (body: { challenge: string; code: string }) =>
        call('POST /ops/api/login/second-factor', {}, { body }),
      logout: () => call('POST /ops/api/logout'),
      me: () => call('GET /ops/api/me'),
    },
    appeals: {
      queue: () => call('GET /ops/api/appeals'),
      stats: () => call('GET /ops/api/appeals/stats'),
      get: (appealNo: string) => call('GET /ops/api/appeals/:appeal_no', { appeal_no: appealNo }),
      take: (appealNo: string) => call('POST /ops/api/appeals/:appeal_no/take', { appeal_no: appealNo }),
      resolve: (appealNo: string, body: { outcome: 'upheld' | 'overturned'; reason: string }) =>
        call('POST /ops/api/appeals/:appeal_no/resolve', { appeal_no: appealNo }, { body }),
    },
    staff: {
      list: () => call('GET /ops/api/staff'),
      create: (body: { email: string; name: string; role: Role; password: string }) =>
        call('POST /ops/api/staff', {}, { body }),
      deactivate: (id: number, body: Reason) => call('POST /ops/api/staff/:id/deactivate', { id }, { body }),
      activate: (id: number, body: Reason) => call('POST /ops/api/staff/:id/activate', { id }, { body }),
      resetSecondFactor: (id: number, body: Reason) =>
        call('POST /ops/api/staff/:id/reset-second-factor', { id }, { body }),
    },
    orders: {
      queue: (query: QueueFilter = {}) => call('GET /ops/api/orders/queue', {}, { query: { ...query } }),
      get: (orderNo: string) => call('GET /ops/api/orders/:order_no', { order_no: orderNo }),
      claim: (orderNo: string) => call('POST /ops/api/orders/:order_no/claim', { order_no: orderNo }),
      release: (orderNo: string) => call('POST /ops/api/orders/:order_no/release', { order_no: orderNo }),
      preview: (orderNo: string, body: Decision) =>
        call('POST /ops/api/orders/:order_no/preview', { order_no: orderNo }, { body }),
      decide: (orderNo: string, body: Decision) =>
        call('POST /ops/api/orders/:order_no/decide', { order_no: orderNo }, { body }),
      refuse: (orderNo: string, body: Reason) =>
        call('POST /ops/api/orders/:order_no/refuse', { order_no: orderNo }, { body }),
      counterOffer: (orderNo: string, body: CounterOffer) =>
        call('POST /ops/api/orders/:order_no/counter-offer', { order_no: orderNo }, { body }),
      counterOfferPreview: (orderNo: string, body: CounterOffer) =>
        call('POST /ops/api/orders/:order_no/counter-offer/preview', { order_no: orderNo }, { body }),
    },
    withdrawals: {
      list: () => call('GET /ops/api/withdrawals'),
      send: (withdrawNo: string) => call('POST /ops/api/withdrawals/:withdraw_no/send', { withdraw_no: withdrawNo }),
      export: (body: { currency: 'NGN' | 'GHS'; method: 'BANK' | 'MOMO' }) =>
        file('POST /ops/api/withdrawals/export', body),
      settle: (withdrawNo: string, body: { outcome: 'paid' | 'failed'; reason?: string; reference?: string }) =>
        call('POST /ops/api/withdrawals/:withdraw_no/settle', { withdraw_no: withdrawNo }, { body }),
    },
    rails: {
      list: () => call('GET /ops/api/rails'),
      /** Marks the rail delayed with a message the sellers read; an empty message clears it. */
      mark: (code: string, body: { message: string; reason?: string }) =>
        call('POST /ops/api/rails/:code/delay', { code }, { body }),
    },
    channels: {
      get: () => call('GET /ops/api/channels'),
      /** Replaces the official channels sellers check against (admin). */
      save: (body: OpsReply<'GET /ops/api/channels'>['channels']) => call('POST /ops/api/channels', {}, { body }),
    },
    corrections: {
      request: (body: Correction) => call('POST /ops/api/corrections', {}, { body }),
    },
    coupons: {
      list: () => call('GET /ops/api/coupons'),
      create: (body: NewCoupon) => call('POST /ops/api/coupons', {}, { body }),
      grant: (code: string, body: { user_ids: number[]; reason: string }) =>
        call('POST /ops/api/coupons/:code/grant', { code }, { body }),
    },
    audit: {
      list: (query: AuditFilter = {}) => call('GET /ops/api/audit', {}, { query: { ...query } }),
    },
    ledger: {
      balances: () => call('GET /ops/api/ledger/balances'),
      check: () => call('GET /ops/api/ledger/check'),
    },
    approvals: {
      list: (status: 'pending' | 'approved' | 'rejected' = 'pending') =>
        call('GET /ops/api/approvals', {}, { query: { status } }),
      approve: (id: number, body: { note?: string } = {}) =>
        call('POST /ops/api/approvals/:id/approve', { id }, { body }),
      reject: (id: number, body: Reason) => call('POST /ops/api/approvals/:id/reject', { id }, { body }),
    },
    rates: {
      list: () => call('GET /ops/api/rates'),
      change: (body: RateChanges) => call('POST /ops/api/rates', {}, { body }),
      history: (query: { card_id?: number; currency?: string } = {}) =>
        call('GET /ops/api/rates/history', {}, { query: { ...query } }),
      cancel: (id: number, body: Reason) => call('POST /ops/api/rates/changes/:id/cancel', { id }, { body }),
    },
    users: {
      find: (q: string) => call('GET /ops/api/users', {}, { query: { q } }),
      failedRequests: (ref: string) => call('GET /ops/api/request-refs/:ref', { ref }),
      get: (id: number | string) => call('GET /ops/api/users/:id', { id }),
      links: (id: number | string) => call('GET /ops/api/users/:id/links', { id }),
      freeze: (id: number | string, body: Reason) => call('POST /ops/api/users/:id/freeze', { id }, { body }),
      unfreeze: (id: number | string, body: Reason) => call('POST /ops/api/users/:id/unfreeze', { id }, { body }),
      endCoolingOff: (id: number | string, body: Reason) => call('POST /ops/api/users/:id/end-hold', { id }, { body }),
    },
    kyc: {
      list: () => call('GET /ops/api/kyc'),
      get: (id: number | string) => call('GET /ops/api/kyc/:id', { id }),
      reveal: (id: number | string, body: Reason) => call('POST /ops/api/kyc/:id/reveal', { id }, { body }),
      decide: (id: number | string, body: { outcome: 'verified' | 'failed'; reason?: string }) =>
        call('POST /ops/api/kyc/:id/decide', { id }, { body }),
    },
    cases: {
      /** Open cases, the clock due first leading; `solved`, `mine`, or the cases about one order or withdrawal. */
      list: (query: { solved?: '1'; mine?: '1'; order_no?: string; withdraw_no?: string } = {}) =>
        call('GET /ops/api/cases', {}, { query: { ...query } }),
      get: (caseNo: string) => call('GET /ops/api/cases/:case_no', { case_no: caseNo }),
      assign: (caseNo: string, body: { owner_id?: number }) =>
        call('POST /ops/api/cases/:case_no/assign', { case_no: caseNo }, { body }),
      reply: (caseNo: string, body: { message: string; photos?: string[] }) =>
        call('POST /ops/api/cases/:case_no/reply', { case_no: caseNo }, { body }),
      solve: (caseNo: string, body: { resolution: string }) =>
        call('POST /ops/api/cases/:case_no/solve', { case_no: caseNo }, { body }),
      photoLinks: (caseNo: string, body: { count: number }) =>
        call('POST /ops/api/cases/:case_no/photo-links', { case_no: caseNo }, { body }),
    },
    apps: {
      publishVersion: (body: Record<string, unknown>) => call('POST /ops/api/app-versions', {}, { body }),
      addPromotion: (body: Record<string, unknown>) => call('POST /ops/api/promotions', {}, { body }),
    },
    deadLetters: {
      list: () => call('GET /ops/api/dead-letters'),
      retry: (id: number, body: Reason) => call('POST /ops/api/dead-letters/:id/retry', { id }, { body }),
    },
    releases: {
      dashboard: () => call('GET /ops/api/releases'),
      promote: (body: ReleaseTarget & { version: string }) => call('POST /ops/api/releases/promote', {}, { body }),
      canary: (body: ReleaseTarget & { version: string; percent: number; promote_when_healthy?: boolean }) =>
        call('POST /ops/api/releases/canary', {}, { body }),
      rollback: (body: ReleaseTarget & { version?: string }) => call('POST /ops/api/releases/rollback', {}, { body }),
      drop: (body: ReleaseTarget) => call('POST /ops/api/releases/drop', {}, { body }),
      promoteWhenHealthy: (body: ReleaseTarget & { on: boolean }) =>
        call('POST /ops/api/releases/promote-when-healthy', {}, { body }),
      check: () => call('POST /ops/api/releases/check'),
    },
  };
}

export type OpsClient = ReturnType<typeof createOpsClient>;

let installed: OpsClient | undefined;

/** The console's client: the browser's, unless a test installed another (testing.ts). */
export function getOps(): OpsClient {
  installed ??= createOpsClient(fetchTransport, (message) => {
    if (staffSession.get()) staffSession.set(null, message);
  });
  return installed;
}

/** Puts a client in place of the browser's (tests); undefined puts the browser's back. */
export function installOps(client: OpsClient | undefined): void {
  installed = client;
}

export type { OpsReply, OpsRoute };
