/**
 * The sellers the read benches read as, made through the api as the app makes them (bench.ts, instructions.ts): one
 * seller who has sold and been paid, and any number of plain accounts to sign in as.
 */
import { signedBody } from '../src/lib/sign.js';
import { nubanCheckDigit } from '../src/modules/payment/nuban.js';

/** A signed form body, as the app sends one. */
export const form = (fields: Record<string, string>) => new URLSearchParams(signedBody(fields)).toString();

export interface BenchSeller {
  token: string;
  /** The seller's orders, in review. */
  orderNos: string[];
}

/** `POST /gc<path>` as a form, the reply's data (throws on a failed envelope). */
function poster(api: string) {
  return async (p: string, f: Record<string, string>) => {
    const r = await fetch(`${api}/gc${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form(f),
    });
    const j = (await r.json()) as { success: boolean; msg: string; data: Record<string, unknown> };
    if (!j.success) throw new Error(`${p}: ${j.msg}`);
    return j.data;
  };
}

/** Signs up an account by e-mail through the dev outbox (the api outside production), its token. */
export async function signUp(api: string, email: string): Promise<string> {
  const post = poster(api);
  await post('/user/sendEmailVerifyCode', { email });
  const outbox = (await (await fetch(`${api}/__dev/outbox`)).json()) as { to: string; code: string }[];
  const code = outbox.find((m) => m.to === email)?.code ?? '';
  const data = await post('/user/appregister', {
    register_type: '1',
    country_id: '1',
    email,
    password: 'Secret123!',
    code,
  });
  return String(data.token);
}

/**
 * A seller as one who has sold and been paid is: a PIN and a bank account (its holder's name from the look-up, in its
 * cooling-off), identity level 1 in that name (through the identity provider's stand-in at `standIn`), so the money
 * standing computes the holds a real seller's does, and 12 orders in review.
 */
export async function benchSeller(api: string, standIn: string, email: string, stamp: number): Promise<BenchSeller> {
  const post = poster(api);
  const token = await signUp(api, email);
  const serial = '012345678';
  await post('/payment/add', {
    token,
    password: 'Secret123!',
    new_t_password: '246810',
    payment_id: '1',
    bank_id: '107',
    account_no: serial + nubanCheckDigit('058', serial),
    account_name: '',
  });
  const groups = (await post('/payment/list', { token })) as unknown as { data_list: { account_name?: string }[] }[];
  const holder = groups.flatMap((g) => g.data_list)[0]?.account_name ?? '';
  const [first, ...rest] = holder.split(' ');
  const bvn = '5' + String(stamp).slice(-10);
  const person = { id_type: 'bvn', id_number: bvn, first_name: first, last_name: rest.join(' ') };
  const added = await fetch(`${standIn}/__stand-in/identities`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, date_of_birth: '1991-02-03' }),
  });
  if (!added.ok) throw new Error(`identity stand-in: ${added.status}`);
  await post('/kyc/verifyId', { token, ...person, date_of_birth: '1991-02-03' } as Record<string, string>);
  const orderNos: string[] = [];
  for (let i = 0; i < 12; i++) {
    const order = await post('/order/appadd', {
      token,
      user_memo: `BENCH-${i}-CODE`,
      wallet_type: '1',
      // As the sell form sends them: each order is for a card of the catalog, whose name its list row shows.
      card_id: '1',
      face_value: '40',
      idempotency_key: `bench-order-${i}`,
    });
    orderNos.push(String(order.order_no));
  }
  return { token, orderNos };
}

/** A read line of the benches: a `/gc` path as the app posts it. */
export interface ReadLine {
  title: string;
  url: string;
  body?: string;
}

/**
 * The reads the benches measure: the three signed-in reads with a goal (`goals`), then an order's page, the country
 * list and the catalog (`others`, no goal of their own).
 */
export function readLines(api: string, seller: BenchSeller): { goals: ReadLine[]; others: ReadLine[] } {
  const gc = (title: string, p: string, f: Record<string, string>): ReadLine => ({
    title,
    url: `${api}/gc${p}`,
    body: form(f),
  });
  const { token } = seller;
  return {
    goals: [
      gc('wallet/balance', '/wallet/balance', { token }),
      gc('ord/list', '/ord/list', { token, status: 'all', page: '0', page_size: '10' }),
      gc('user/userInfo', '/user/userInfo', { token }),
    ],
    others: [
      // An order's page: the order with its lines, timeline, offer and compensation.
      gc('ord/detail', '/ord/detail', { token, order_no: seller.orderNos[0]! }),
      gc('public/countrylist', '/public/countrylist', {}),
      gc('v2/card/catalog', '/v2/card/catalog', { country_id: '1', page: '0', page_size: '1000' }),
    ],
  };
}
