import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

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
  /** Pays a withdrawal out (bank or mobile money), if this provider can; its reference is ours. */
  sendTransfer?(t: TransferRequest): Promise<TransferResult>;
  /** A webhook from the provider: its event, or 'bad-signature', or null for events we do not use. */
  readWebhook?(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): TransferEvent | 'bad-signature' | null;
}

export interface TransferRequest {
  /** Our withdrawal number: the provider refuses a second transfer with the same reference. */
  reference: string;
  amountMinor: bigint;
  currency: string;
  method: 'BANK' | 'MOMO';
  bankCode: string;
  accountNo: string;
  accountName: string;
  narration: string;
}

/**
 * ok: accepted (pending until the webhook, or already successful). Not ok: refused (nothing was
 * sent) or, with `unknown`, no answer: it may have been sent, so it must not be sent again blindly.
 */
export type TransferResult =
  | { ok: true; status: 'pending' | 'success'; providerRef: string }
  | { ok: false; reason: string; unknown?: boolean };

export interface TransferEvent {
  kind: 'success' | 'failed' | 'reversed';
  reference: string;
  providerRef: string;
  reason: string;
}

const FIRST = [
  'Chinedu',
  'Aisha',
  'Tunde',
  'Ngozi',
  'Kwame',
  'Ama',
  'Emeka',
  'Fatima',
  'Kofi',
  'Yetunde',
  'Ibrahim',
  'Esi',
];
const LAST = [
  'Okafor',
  'Bello',
  'Adeyemi',
  'Mensah',
  'Owusu',
  'Eze',
  'Abubakar',
  'Boateng',
  'Nwosu',
  'Asante',
  'Balogun',
  'Danso',
];

/** Offline: the same account always gets the same made-up name; a serial of all zeros is "not found". */
export class DevPayoutProvider implements PayoutProvider {
  readonly name = 'dev';
  async resolveAccount(bank: BankRef, accountNo: string): Promise<ResolveResult> {
    if (/^0*$/.test(accountNo.slice(0, 9)) || /^0+\d?$/.test(accountNo))
      return { ok: false, reason: 'Could not resolve account name. Check the account number and bank' };
    const h = createHash('sha256').update(`${bank.code}:${accountNo}`).digest();
    return {
      ok: true,
      accountName: `${FIRST[(h[0] as number) % FIRST.length]} ${LAST[(h[1] as number) % LAST.length]}`.toUpperCase(),
    };
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
    /** Bound on each call (PROVIDER_TIMEOUT_MS). */
    private readonly timeoutMs = 8_000,
  ) {}

  private async post(
    path: string,
    body: unknown,
  ): Promise<{
    status: number;
    json: { status?: boolean; message?: string; data?: Record<string, unknown> } | null;
  } | null> {
    try {
      const res = await this.fetchFn(`${this.baseUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as never };
    } catch {
      return null;
    }
  }

  /**
   * Paystack's transfer protocol: a transfer recipient (nuban / ghipss / mobile_money), then a
   * transfer from the balance with our reference (lower-cased, as Paystack keeps it), in kobo or
   * pesewas. The outcome arrives by webhook (transfer.success / transfer.failed / transfer.reversed).
   */
  async sendTransfer(t: TransferRequest): Promise<TransferResult> {
    const type = t.method === 'MOMO' ? 'mobile_money' : t.currency === 'GHS' ? 'ghipss' : 'nuban';
    const bankCode = t.method === 'MOMO' ? (PAYSTACK_MOMO_CODES[t.bankCode] ?? t.bankCode) : t.bankCode;
    const rec = await this.post('/transferrecipient', {
      type,
      name: t.accountName,
      account_number: t.accountNo,
      bank_code: bankCode,
      currency: t.currency,
    });
    if (!rec || rec.status >= 500 || rec.status === 429)
      return { ok: false, reason: 'The payout provider is unavailable right now: nothing was sent, try again' };
    const recipient = rec.json?.data?.recipient_code;
    if (!rec.json?.status || typeof recipient !== 'string')
      return {
        ok: false,
        reason: `The payout provider refused the account: ${rec.json?.message ?? 'no reason given'}`,
      };
    const tr = await this.post('/transfer', {
      source: 'balance',
      amount: Number(t.amountMinor),
      recipient,
      reference: t.reference.toLowerCase(),
      reason: t.narration,
      currency: t.currency,
    });
    // No answer, or a server error: the transfer may exist. The webhook (or Paystack's dashboard) tells.
    if (!tr || tr.status >= 500)
      return {
        ok: false,
        unknown: true,
        reason:
          'The payout provider did not answer: the transfer may have been made. Its webhook will settle it; or ' +
          'check the provider’s dashboard and settle it by hand',
      };
    const d = tr.json?.data ?? {};
    if (tr.json?.status && (d.status === 'pending' || d.status === 'success' || d.status === 'received')) {
      return {
        ok: true,
        status: d.status === 'success' ? 'success' : 'pending',
        providerRef: String(d.transfer_code ?? ''),
      };
    }
    if (d.status === 'otp')
      return {
        ok: false,
        reason: 'Paystack asks for an OTP for each transfer: turn it off for API transfers on the Paystack dashboard',
      };
    return { ok: false, reason: `The payout provider refused the transfer: ${tr.json?.message ?? 'no reason given'}` };
  }

  /** Paystack signs each webhook: HMAC-SHA512 of the raw body with the secret key, hex, in x-paystack-signature. */
  readWebhook(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): TransferEvent | 'bad-signature' | null {
    const given = String(headers['x-paystack-signature'] ?? '');
    const want = createHmac('sha512', this.secretKey).update(raw).digest('hex');
    if (given.length !== want.length || !timingSafeEqual(Buffer.from(given), Buffer.from(want))) return 'bad-signature';
    let body: {
      event?: string;
      data?: { reference?: string; transfer_code?: string; reason?: string; gateway_response?: string };
    };
    try {
      body = JSON.parse(raw.toString('utf8')) as typeof body;
    } catch {
      return null;
    }
    const kind = (
      { 'transfer.success': 'success', 'transfer.failed': 'failed', 'transfer.reversed': 'reversed' } as const
    )[body.event as 'transfer.success'];
    if (!kind || !body.data?.reference) return null;
    return {
      kind,
      reference: body.data.reference.toUpperCase(),
      providerRef: body.data.transfer_code ?? '',
      reason: body.data.gateway_response ?? '',
    };
  }

  async resolveAccount(bank: BankRef, accountNo: string): Promise<ResolveResult> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/bank/resolve`);
    url.searchParams.set('account_number', accountNo);
    url.searchParams.set(
      'bank_code',
      bank.method === 'MOMO' ? (PAYSTACK_MOMO_CODES[bank.code] ?? bank.code) : bank.code,
    );
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        headers: { authorization: `Bearer ${this.secretKey}` },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      return { ok: false, reason: 'The bank look-up is unavailable right now, please try again' };
    }
    const body = (await res.json().catch(() => null)) as {
      status?: boolean;
      message?: string;
      data?: { account_name?: string };
    } | null;
    if (res.ok && body?.status && body.data?.account_name) return { ok: true, accountName: body.data.account_name };
    if (res.status >= 500 || res.status === 429)
      return { ok: false, reason: 'The bank look-up is unavailable right now, please try again' };
    return { ok: false, reason: 'Could not resolve account name. Check the account number and bank' };
  }
}
