// Helpers for the account-area suites: a tiny valid PNG made on the spot, and the operator side of
// the api (JSON, bearer token) to move an order forward the way a reviewer would.
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { totpCode, totpStep } from '../../api/src/modules/ops/totp';
import { nubanCheckDigit } from '../../api/src/modules/payment/nuban';
import { createUser, gc } from './api';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG (the api decodes it and wants at least 32 × 32 pixels): a green card with a stripe. */
export function tinyPng(width = 48, height = 32): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const stripe = y > 10 && y < 16;
      row.set(stripe ? [250, 250, 250] : [11, 122, 83], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The api listens beside the site (the e2e config gives it PORT + 1); its dev outbox is only there. */
export const apiOrigin = (baseURL: string) => {
  const u = new URL(baseURL);
  return `${u.protocol}//${u.hostname}:${Number(u.port) + 1}`;
};

/**
 * The identity provider's local stand-in, which `npm start` runs inside the api outside production;
 * the e2e config puts it at the site's port + 3 (IDENTITY_STAND_IN_PORT).
 */
export const identityStandIn = (baseURL: string) => {
  const u = new URL(baseURL);
  return `${u.protocol}//${u.hostname}:${Number(u.port) + 3}`;
};

let bvnSeq = 0;
/** A person the stand-in knows, with a BVN of their own (11 digits, unused in this run). */
export async function registerPerson(
  baseURL: string,
  name: string,
  dateOfBirth = '1991-02-03',
): Promise<{ bvn: string; first: string; last: string; dateOfBirth: string }> {
  const [first, ...rest] = name.split(' ');
  const bvn = `5${String(Date.now() % 1e7).padStart(7, '0')}${String(bvnSeq++ % 1000).padStart(3, '0')}`;
  const res = await fetch(`${identityStandIn(baseURL)}/__stand-in/identities`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id_type: 'bvn',
      id_number: bvn,
      first_name: first,
      last_name: rest.join(' '),
      date_of_birth: dateOfBirth,
    }),
  });
  if (!res.ok) throw new Error(`identity stand-in: ${res.status}`);
  return { bvn, first: first!, last: rest.join(' '), dateOfBirth };
}

/** Verifies a seller at level 1 through the api, as the holder of `name` (their payout account's name). */
export async function verifyAs(baseURL: string, token: string, name: string) {
  const p = await registerPerson(baseURL, name);
  const r = await gc(
    baseURL,
    'kyc/verifyId',
    { id_type: 'bvn', id_number: p.bvn, first_name: p.first, last_name: p.last, date_of_birth: p.dateOfBirth },
    token,
  );
  if (!r.success) throw new Error(`kyc/verifyId: ${r.msg}`);
}

/** Operator credentials for the running api: E2E_OPS_EMAIL / E2E_OPS_PASSWORD (an admin or reviewer). */
export const operatorCredentials = () =>
  process.env.E2E_OPS_EMAIL && process.env.E2E_OPS_PASSWORD
    ? { email: process.env.E2E_OPS_EMAIL, password: process.env.E2E_OPS_PASSWORD }
    : undefined;

export async function ops<T>(baseURL: string, path: string, token: string, body?: unknown): Promise<T> {
  // The operator API is reached through the edge, as the console reaches it.
  const res = await fetch(`${baseURL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; msg: string; data: T };
  if (!json.success) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

const sessions = new Map<string, Promise<string>>();

/**
 * Signs an operator in (password, then the authenticator's code) once per worker and reuses the
 * session: a TOTP code works once, so two sign-ins within 30 s would need the next step's code.
 * `secret` is the operator's authenticator secret (E2E_OPS_TOTP_SECRET for the suite's operator); an
 * operator who has not enrolled yet enrols with the secret the api hands out.
 */
export function operatorLogin(
  baseURL: string,
  creds: { email: string; password: string },
  secret = process.env.E2E_OPS_TOTP_SECRET,
): Promise<string> {
  const key = `${baseURL} ${creds.email}`;
  let p = sessions.get(key);
  if (!p) {
    p = (async () => {
      for (let attempt = 0; ; attempt++) {
        const first = await ops<{ challenge: string; totp_secret?: string }>(baseURL, '/ops/api/login', '', creds);
        const totp = first.totp_secret ?? secret;
        if (!totp) throw new Error(`operatorLogin: no authenticator secret for ${creds.email}`);
        try {
          return (
            await ops<{ token: string }>(baseURL, '/ops/api/login/second-factor', '', {
              challenge: first.challenge,
              code: totpCode(totp, totpStep(Date.now())),
            })
          ).token;
        } catch (err) {
          // This step's code was used (by an earlier run of the suite's steps): wait for the next one.
          if (attempt >= 1 || !/Incorrect code/.test(String(err))) throw err;
          await new Promise((r) => setTimeout(r, (30 - (Math.floor(Date.now() / 1000) % 30) + 1) * 1000));
        }
      }
    })();
    p.catch(() => sessions.delete(key));
    sessions.set(key, p);
  }
  return p;
}

/** Ends a user's withdrawal cooling-off (admin; audited), as support would after checking with the owner. */
export async function endCoolingOff(
  baseURL: string,
  token: string,
  userId: string | number,
  reason = 'e2e: owner confirmed',
) {
  await ops(baseURL, `/ops/api/users/${userId}/end-hold`, token, { reason });
}

const secondOperators = new Map<string, Promise<string>>();

/** A second operator (a reviewer the admin adds once per worker), for the four-eyes approvals. */
function secondOperator(baseURL: string, adminToken: string): Promise<string> {
  let p = secondOperators.get(baseURL);
  if (!p) {
    const creds = { email: `second-${randomUUID().slice(0, 8)}@giftlane.ng`, password: `second-${randomUUID()}` };
    // A new operator enrols at the first sign-in with the secret the api hands out.
    p = ops(baseURL, '/ops/api/staff', adminToken, { ...creds, name: 'E2E Second Reviewer', role: 'reviewer' }).then(
      () => operatorLogin(baseURL, creds),
    );
    secondOperators.set(baseURL, p);
  }
  return p;
}

/**
 * Decides a claimed order. A payout that one operator may not make alone (above the four-eyes
 * threshold or the quote, or beyond the reviewer's daily cap) waits: a second operator approves it.
 */
export async function decide(
  baseURL: string,
  token: string,
  orderNo: string,
  body: { lines: unknown[]; payout_note?: string },
) {
  const d = await ops<{ status: number; amount: string; awaiting_approval?: { id: number } }>(
    baseURL,
    `/ops/api/orders/${orderNo}/decide`,
    token,
    body,
  );
  if (!d.awaiting_approval) return d;
  await ops(baseURL, `/ops/api/approvals/${d.awaiting_approval.id}/approve`, await secondOperator(baseURL, token), {
    note: 'e2e: second reviewer',
  });
  return ops<{ status: number; amount: string }>(baseURL, `/ops/api/orders/${orderNo}/decide`, token, body);
}

/** Claims an order and approves its one card at the face value it was quoted for. */
export async function approveOrder(
  baseURL: string,
  token: string,
  orderNo: string,
  line: { card_id: number; face_value: string; code: string },
) {
  await ops(baseURL, `/ops/api/orders/${orderNo}/claim`, token, {});
  return decide(baseURL, token, orderNo, { lines: [{ ...line, status: 'success', image_index: 0 }] });
}

/** An order made the way the sell form makes one: upload URL, PUT, then appadd with a locked quote. */
export async function makeOrder(baseURL: string, token: string, faceValue?: string): Promise<string> {
  const slots = await gc<Array<{ url: string }>>(baseURL, 'order/obsUrls', { image_count: '1' }, token);
  if (!slots.success) throw new Error(`obsUrls: ${slots.msg}`);
  const put = await fetch(
    new URL(slots.data[0]!.url, baseURL), // relative when served behind the edge
    { method: 'PUT', headers: { 'content-type': 'image/png' }, body: tinyPng() },
  );
  if (!put.ok) throw new Error(`upload: ${put.status}`);
  const calc = await gc<{
    card_list: Array<{ list: Array<{ card_id: number; min_face?: number; max_face?: number }> }>;
  }>(baseURL, 'card/calculator', { country_id: '1' }, token);
  // The first card, or with a face value the first card whose band takes it.
  const fits = (c: { min_face?: number; max_face?: number }) =>
    !faceValue || (Number(faceValue) >= (c.min_face ?? 0) && Number(faceValue) <= (c.max_face ?? Infinity));
  const card = calc.data.card_list.flatMap((c) => c.list).find(fits)!;
  const add = await gc<{ order_no: string }>(
    baseURL,
    'order/appadd',
    {
      images: slots.data[0]!.url.split('?')[0]!,
      user_memo: 'SCREEN-CODE-1',
      wallet_type: '1',
      coupon_code: '',
      channel_type: '1',
      card_id: String(card.card_id),
      face_value: faceValue ?? String(card.min_face ?? 100),
    },
    token,
  );
  if (!add.success) throw new Error(`appadd: ${add.msg}`);
  return add.data.order_no;
}

/**
 * A seller with money to withdraw: an order approved by the operator (`token`), a PIN, a bank
 * account, the new account's 24 h wait ended by support (as after checking with the owner), and
 * (unless `verify: false`) their identity verified at level 1 in the account's name.
 */
export async function fundedSeller(
  baseURL: string,
  token: string,
  opts: { verify?: boolean; faceValue?: string; endCoolingOff?: boolean } = {},
) {
  const user = await createUser(baseURL);
  const orderNo = await makeOrder(baseURL, user.token, opts.faceValue);
  const d = await gc<{ quote: { card_id: number; face_value: string } }>(
    baseURL,
    'ord/detail',
    { order_no: orderNo },
    user.token,
  );
  await ops(baseURL, `/ops/api/orders/${orderNo}/claim`, token, {});
  await decide(baseURL, token, orderNo, {
    lines: [
      {
        card_id: d.data.quote.card_id,
        face_value: d.data.quote.face_value,
        code: 'FUND-1',
        status: 'success',
        image_index: 0,
      },
    ],
  });
  const banks = await gc<Array<{ bank_id: number; bank_code: string }>>(
    baseURL,
    'payment/bankList',
    { country_id: '1', payment_id: '1' },
    user.token,
  );
  const bank = banks.data[0]!;
  const account = `012345678${nubanCheckDigit(bank.bank_code, '012345678')}`;
  // The PIN, then the payout account confirmed with the login password and the PIN.
  const pin = await gc(
    baseURL,
    'withdraw/transactionPassword',
    { password: '246810', login_password: user.password },
    user.token,
  );
  if (!pin.success) throw new Error(`transactionPassword: ${pin.msg}`);
  const added = await gc<{ bank_id: number; account_name: string }>(
    baseURL,
    'payment/add',
    {
      payment_id: '1',
      bank_id: String(bank.bank_id),
      account_no: account,
      account_name: '',
      password: user.password,
      t_password: '246810',
    },
    user.token,
  );
  if (!added.success) throw new Error(`payment/add: ${added.msg}`);
  // Support ends the new account's 24 h wait, unless the test is about that wait.
  if (opts.endCoolingOff !== false) await endCoolingOff(baseURL, token, user.user_id);
  // Withdrawing needs a verified identity in the payout account's name.
  if (opts.verify !== false) await verifyAs(baseURL, user.token, added.data.account_name);
  return { user, token, bankId: added.data.bank_id, accountName: added.data.account_name };
}
