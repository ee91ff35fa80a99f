import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * A local server speaking Paystack's protocol for what the api uses: account resolve, transfer
 * recipients, transfers (a reference is used once), and signed webhooks of a transfer's outcome.
 * Account numbers steer it: one ending in 9 is refused at the recipient step, one ending in 8
 * gets no answer to its transfer (the connection is dropped).
 */
export class PaystackStandIn {
  readonly transfers: {
    reference: string;
    amount: number;
    currency: string;
    recipient: string;
    transfer_code: string;
  }[] = [];
  private readonly recipients = new Map<string, { account_number: string; type: string; bank_code: string }>();
  private server?: Server;
  base = '';
  constructor(readonly secretKey = 'sk_test_standin') {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const send = (status: number, body: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.headers.authorization !== `Bearer ${this.secretKey}`)
          return send(401, { status: false, message: 'Invalid key' });
        const url = new URL(req.url ?? '/', 'http://x');
        const body = chunks.length
          ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
          : {};
        if (req.method === 'GET' && url.pathname === '/bank/resolve') {
          return send(200, {
            status: true,
            message: 'Account number resolved',
            data: { account_number: url.searchParams.get('account_number'), account_name: 'ADA OKAFOR' },
          });
        }
        if (req.method === 'POST' && url.pathname === '/transferrecipient') {
          const acct = String(body.account_number ?? '');
          if (!acct || !body.bank_code || !body.type || !body.name)
            return send(400, { status: false, message: 'Invalid recipient' });
          if (acct.endsWith('9')) return send(422, { status: false, message: 'Account number is invalid' });
          const code = `RCP_${this.recipients.size + 1}`;
          this.recipients.set(code, {
            account_number: acct,
            type: String(body.type),
            bank_code: String(body.bank_code),
          });
          return send(201, {
            status: true,
            message: 'Transfer recipient created successfully',
            data: { recipient_code: code, active: true },
          });
        }
        if (req.method === 'POST' && url.pathname === '/transfer') {
          const reference = String(body.reference ?? '');
          const recipient = this.recipients.get(String(body.recipient ?? ''));
          if (
            !recipient ||
            body.source !== 'balance' ||
            typeof body.amount !== 'number' ||
            !/^[a-z0-9_-]{16,50}$/.test(reference)
          )
            return send(400, { status: false, message: 'Invalid transfer' });
          if (this.transfers.some((t) => t.reference === reference))
            return send(400, { status: false, message: 'Duplicate Transfer Reference' });
          const transfer_code = `TRF_${this.transfers.length + 1}`;
          this.transfers.push({
            reference,
            amount: body.amount,
            currency: String(body.currency),
            recipient: String(body.recipient),
            transfer_code,
          });
          if (recipient.account_number.endsWith('8')) return void req.socket.destroy();
          return send(200, {
            status: true,
            message: 'Transfer has been queued',
            data: { reference, status: 'pending', transfer_code, amount: body.amount, currency: body.currency },
          });
        }
        send(404, { status: false, message: 'Not found' });
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  /** The webhook Paystack would POST for a transfer: its raw body and x-paystack-signature. */
  webhook(
    event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
    reference: string,
    extra: Record<string, unknown> = {},
  ) {
    const t = this.transfers.find((x) => x.reference === reference.toLowerCase());
    const body = JSON.stringify({
      event,
      data: {
        reference: reference.toLowerCase(),
        transfer_code: t?.transfer_code ?? '',
        amount: t?.amount,
        currency: t?.currency,
        status: event.split('.')[1],
        ...extra,
      },
    });
    return { body, signature: createHmac('sha512', this.secretKey).update(body).digest('hex') };
  }

  close(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
