import { createHash } from 'node:crypto';

export interface BankRef {
  code: string;
  method: 'BANK' | 'MOMO' | 'USDT';
  countryId: number;
}

export type ResolveResult = { ok: true; accountName: string } | { ok: false; reason: string };

/**
 * The payout provider behind account-name look-ups, for bank accounts and mobile money wallets.
 * 'dev' answers deterministically offline; 'paystack' speaks Paystack's resolve protocol
 * (GET /bank/resolve with a bearer secret), which the tests run against a local fake server.
 */
export interface PayoutProvider {
  readonly name: string;
  resolveAccount(bank: BankRef, accountNo: string): Promise<ResolveResult>;
}

const FIRST = ['Chinedu', 'Aisha', 'Tunde', 'Ngozi', 'Kwame', 'Ama', 'Emeka', 'Fatima', 'Kofi', 'Yetunde', 'Ibrahim', 'Esi'];
const LAST = ['Okafor', 'Bello', 'Adeyemi', 'Mensah', 'Owusu', 'Eze', 'Abubakar', 'Boateng', 'Nwosu', 'Asante', 'Balogun', 'Danso'];

/** Offline: the same account always gets the same made-up name; a serial of all zeros is "not found". */
export class DevPayoutProvider implements PayoutProvider {
  readonly name = 'dev';
  async resolveAccount(bank: BankRef, accountNo: string): Promise<ResolveResult> {
    if (/^0*$/.test(accountNo.slice(0, 9)) || /^0+\d?$/.test(accountNo)) return { ok: false, reason: 'Could not resolve account name. Check the account number and bank' };
    const h = createHash('sha256').update(`${bank.code}:${accountNo}`).digest();
    return { ok: true, accountName: `${FIRST[(h[0] as number) % FIRST.length]} ${LAST[(h[1] as number) % LAST.length]}`.toUpperCase() };
  }
}

/** Our Ghana mobile-money network codes → Paystack's bank codes for them (its mobile_money bank list). */
const PAYSTACK_MOMO_CODES: Record<string, string> = { MTN: 'MTN', TELECEL: 'VOD', AT: 'ATL' };

export class PaystackPayoutProvider implements PayoutProvider {
  readonly name = 'paystack';
  constructor(
    private readonly baseUrl: string,
    private readonly secretKey: string,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async resolveAccount(bank: BankRef, accountNo: string): Promise<ResolveResult> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/bank/resolve`);
    url.searchParams.set('account_number', accountNo);
    url.searchParams.set('bank_code', bank.method === 'MOMO' ? (PAYSTACK_MOMO_CODES[bank.code] ?? bank.code) : bank.code);
    let res: Response;
    try {
      res = await this.fetchFn(url, { headers: { authorization: `Bearer ${this.secretKey}` }, signal: AbortSignal.timeout(8000) });
    } catch {
      return { ok: false, reason: 'The bank look-up is unavailable right now, please try again' };
    }
    const body = (await res.json().catch(() => null)) as { status?: boolean; message?: string; data?: { account_name?: string } } | null;
    if (res.ok && body?.status && body.data?.account_name) return { ok: true, accountName: body.data.account_name };
    if (res.status >= 500 || res.status === 429) return { ok: false, reason: 'The bank look-up is unavailable right now, please try again' };
    return { ok: false, reason: 'Could not resolve account name. Check the account number and bank' };
  }
}
