import type { FastifyInstance } from 'fastify';
import type { PinGuard } from '../withdraw/pin.js';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { int, optInt, optText, reauthText, text } from '../../lib/fields.js';
import { gcRoute } from '../../lib/route.js';
import { moneyUser, type MoneyUser } from '../../shared/money-user.js';
import { isValidNuban, momoNumberError, normalizeMomo, usdtAddressError } from './nuban.js';
import type { PayoutProvider } from './provider.js';
import { paymentRepo, type BankRow } from './repo.js';
import { checkNewPayoutName } from '../kyc/service.js';
import { railNotices } from '../eta/service.js';
import { accountOwner, confirmPassword, payoutUsableFrom, securityChanged } from '../security/service.js';

export const PAYMENT_MESSAGES = {
  bankNotFound: 'Bank not found',
  methodNotFound: 'Payment method not found',
  invalidNuban: 'Invalid account number: a Nigerian account number has 10 digits and a valid check digit',
  accountNotFound: 'Payout account not found',
  duplicate: 'This account is already saved',
  tooMany: 'You can save at most 10 payout accounts',
  openWithdrawal: 'This account has a withdrawal in progress and cannot be deleted yet',
  notForCoins: 'Name look-up is only available for bank and mobile money accounts',
} as const;

const METHODS = [
  { payment_id: 1, code: 'BANK', name: 'Bank account', background_color: '#0A6CFF' },
  { payment_id: 2, code: 'MOMO', name: 'Mobile money', background_color: '#FFCC00' },
  { payment_id: 3, code: 'USDT', name: 'USDT', background_color: '#26A17B' },
] as const;
const methodById = (id: number) => METHODS.find((m) => m.payment_id === id);
const methodByCode = (code: string) => METHODS.find((m) => m.code === code) as (typeof METHODS)[number];

/**
 * Methods a user can add for a wallet: local wallet → bank (Nigeria, Ghana) and mobile money (Ghana); USDT wallet →
 * USDT.
 */
function methodsFor(u: MoneyUser, walletType: number): string[] {
  if (walletType === 2 || u.local.code === 'USDT') return ['USDT'];
  if (u.country.short_name === 'GH') return ['BANK', 'MOMO'];
  if (u.country.short_name === 'NG') return ['BANK'];
  return [];
}

function formList(code: string) {
  const f = (c: string, name: string, type: number, len: number, seq: number, placeholder: string, desc = '') => ({
    code: c,
    name,
    desc,
    type,
    len,
    seq,
    disp_type: 1,
    placeholder,
  });
  if (code === 'USDT')
    return [
      f('bank_id', 'Network', 1, 10, 1, 'Choose a network'),
      f('account_no', 'Wallet address', 1, 64, 2, 'Paste your USDT address'),
    ];
  if (code === 'MOMO')
    return [
      f('bank_id', 'Network', 1, 10, 1, 'Choose a network'),
      f('account_no', 'Mobile money number', 4, 10, 2, '024 123 4567'),
      f('account_name', 'Account name', 1, 100, 3, 'Filled in from the network', 'Looked up from the network'),
    ];
  return [
    f('bank_id', 'Bank', 1, 10, 1, 'Choose your bank'),
    f('account_no', 'Account number', 4, 10, 2, '10-digit account number'),
    f('account_name', 'Account name', 1, 100, 3, 'Filled in from your bank', 'Looked up from the bank'),
  ];
}

const bankById = (q: Queryable, id: number) => paymentRepo.bank(q, id, PAYMENT_MESSAGES.bankNotFound);

/** Checks an account number for its bank; returns it normalised. */
function checkAccountNo(bank: BankRow, accountNo: string): string {
  const raw = accountNo.replace(/\s+/g, '');
  if (bank.method === 'BANK') {
    if (bank.nuban && !isValidNuban(bank.code, raw)) throw new AppError(PAYMENT_MESSAGES.invalidNuban);
    if (!/^\d{6,20}$/.test(raw)) throw new AppError('Enter a valid account number (digits only)');
    return raw;
  }
  if (bank.method === 'MOMO') {
    const err = momoNumberError(bank.code, raw);
    if (err) throw new AppError(err);
    return normalizeMomo(raw);
  }
  const err = usdtAddressError(bank.code, raw);
  if (err) throw new AppError(err);
  return raw;
}

const idField = (label: string) => int(label, { required: `${label} is required`, min: 1 });

export async function paymentRoutes(
  app: FastifyInstance,
  opts: { provider: PayoutProvider; pins: PinGuard },
): Promise<void> {
  const { db, ref } = app;
  const provider = opts.provider;
  const user = (id: number) => moneyUser(db, { ref }, id);
  const allowedBank = (u: MoneyUser, b: BankRow) => b.method === 'USDT' || b.country_id === u.country.id;

  gcRoute(app, {
    path: '/payment/paymentList',
    summary: 'Payout methods the user can add for a wallet (bank, mobile money in Ghana, USDT), with their form fields',
    auth: 'required',
    body: z.object({
      type: optInt('type', 1, { min: 1, max: 2 }),
      country_id: optInt('country_id', 0, { min: 0, max: 1_000_000 }),
    }),
    handler: async (req) => {
      const u = await user(req.auth!.userId);
      return methodsFor(u, req.body.type).map((code) => {
        const m = methodByCode(code);
        const logo = `/assets/payment/${code.toLowerCase()}.svg`;
        return { ...m, logo, logo_image: logo, form_list: formList(code) };
      });
    },
  });

  gcRoute(app, {
    path: '/payment/bankList',
    summary: 'Banks of the user’s country (Nigeria with CBN codes, Ghana) and, for Ghana, the mobile-money networks',
    auth: 'required',
    body: z.object({
      country_id: optInt('country_id', 0, { min: 0, max: 1_000_000 }),
      payment_id: optInt('payment_id', 0, { min: 0, max: 3 }),
    }),
    handler: async (req) => {
      const u = await user(req.auth!.userId);
      const method = methodById(req.body.payment_id)?.code ?? null;
      const banks = await paymentRepo.banksOf(db, u.country.id, method);
      return banks.map((b) => ({
        bank_id: b.id,
        bank_name: b.name,
        bank_code: b.code,
        payment_id: methodByCode(b.method).payment_id,
        logo: b.logo,
        logo_image: b.logo,
      }));
    },
  });

  gcRoute(app, {
    path: '/payment/coinList',
    summary: 'USDT networks (the network id travels as bank_id)',
    auth: 'required',
    body: z.object({}),
    handler: async () => {
      return (await paymentRepo.chains(db)).map((b) => ({ bank_id: b.id, name: b.code, desc: b.name }));
    },
  });

  gcRoute(app, {
    path: '/payment/verify',
    summary:
      'Account-holder name for a bank or mobile money account (NUBAN check digit for Nigeria, then the payout ' +
      'provider)',
    auth: 'required',
    limit: 'code',
    body: z.object({
      bank_id: idField('bank_id'),
      bank_account: text('bank_account', 64, 'Account number is required'),
    }),
    handler: async (req) => {
      const u = await user(req.auth!.userId);
      const bank = await bankById(db, req.body.bank_id);
      if (!allowedBank(u, bank)) throw new AppError(PAYMENT_MESSAGES.bankNotFound);
      if (bank.method === 'USDT') throw new AppError(PAYMENT_MESSAGES.notForCoins);
      const accountNo = checkAccountNo(bank, req.body.bank_account);
      const r = await provider.resolveAccount(
        { code: bank.code, method: bank.method, countryId: bank.country_id },
        accountNo,
      );
      if (!r.ok) throw new AppError(r.reason);
      return { user_name: r.accountName };
    },
  });

  gcRoute(app, {
    path: '/payment/add',
    summary:
      'Save a payout account (login password and transaction password required; usable for withdrawals after the ' +
      'cooling-off); bank and mobile-money names come from the provider look-up, never from the client',
    auth: 'required',
    body: z.object({
      password: reauthText('password'),
      t_password: reauthText('t_password', 20),
      // A seller without a PIN sets it here, in the same step: the account and the PIN are saved together or not at
      // all.
      new_t_password: reauthText('new_t_password', 20),
      payment_id: idField('payment_id'),
      bank_id: idField('bank_id'),
      account_no: text('account_no', 64, 'Account number is required'),
      account_name: optText('account_name', 100), // accepted, ignored: the name comes from the look-up
    }),
    handler: async (req) => {
      const u = await user(req.auth!.userId);
      // The native apps' payment/add has neither the password nor the PIN: a call without the
      // password passes only from a session a native app signed in within the grace period (issue
      // 27: never a web token). Every other call proves the PIN as well, whatever the method (USDT
      // too); wrong PINs count towards the PIN lock.
      const via = await confirmPassword(db, app.security, { auth: req.auth!, password: req.body.password });
      // A first PIN set here: once the login password is proved, checked by the PIN forms' rule and hashed (argon2 is
      // slow: a wrong password never costs one).
      const newPin = req.body.new_t_password;
      const pinHash = newPin === undefined ? undefined : await opts.pins.prepare(newPin);
      if (pinHash === undefined && (via === 'password' || req.body.t_password !== undefined))
        await opts.pins.check(u.id, req.body.t_password ?? '');
      const method = methodById(req.body.payment_id);
      if (!method) throw new AppError(PAYMENT_MESSAGES.methodNotFound);
      const bank = await bankById(db, req.body.bank_id);
      if (bank.method !== method.code || !allowedBank(u, bank)) throw new AppError(PAYMENT_MESSAGES.bankNotFound);
      if (!methodsFor(u, method.code === 'USDT' ? 2 : 1).includes(method.code))
        throw new AppError(PAYMENT_MESSAGES.methodNotFound);
      const accountNo = checkAccountNo(bank, req.body.account_no);
      // The name is the bank's or the network's, from the look-up; the client's account_name is ignored.
      let accountName: string;
      if (bank.method === 'USDT') {
        accountName = bank.code;
      } else {
        const r = await provider.resolveAccount(
          { code: bank.code, method: bank.method, countryId: bank.country_id },
          accountNo,
        );
        if (!r.ok) throw new AppError(r.reason);
        accountName = r.accountName;
      }
      const added = await db.tx(async (q) => {
        // One user's account list changes one request at a time (the count and default rules).
        await paymentRepo.lockOwner(q, u.id);
        // The first PIN, written under the same lock: a second (parallel or replayed) first PIN is refused.
        const pinAlert =
          pinHash === undefined
            ? undefined
            : await (async () => {
                await opts.pins.write(q, { userId: u.id, hash: pinHash, first: true });
                return securityChanged(q, app.security, {
                  before: await accountOwner(q, u.id),
                  change: 'pin_set',
                  coolingOff: false,
                });
              })();
        // Once the identity is verified, new bank and mobile-money accounts must be in that name.
        await checkNewPayoutName(q, app.kyc, { userId: u.id, method: bank.method, accountName });
        const existing = await paymentRepo.saved(q, u.id);
        if (existing.length >= 10) throw new AppError(PAYMENT_MESSAGES.tooMany);
        if (await paymentRepo.isSaved(q, u.id, bank.id, accountNo)) throw new AppError(PAYMENT_MESSAGES.duplicate);
        const isCoin = bank.method === 'USDT';
        const hasDefault = existing.some((x) => x.is_default && (x.method === 'USDT') === isCoin);
        const id = await paymentRepo.save(q, {
          userId: u.id,
          method: bank.method,
          bankId: bank.id,
          accountNo,
          accountName,
          isDefault: !hasDefault,
          usableFrom: payoutUsableFrom(app.security),
        });
        const alert = await securityChanged(q, app.security, {
          before: await accountOwner(q, u.id),
          change: 'payout_account',
          coolingOff: false,
          detail: `${bank.name}, account ending ${accountNo.slice(-4)}. It can be paid to after the waiting time.`,
        });
        return {
          reply: { bank_id: Number(id), is_def: hasDefault ? 2 : 1, account_name: accountName },
          alerts: [pinAlert, alert],
        };
      });
      for (const alert of added.alerts) await alert?.();
      return added.reply;
    },
  });

  gcRoute(app, {
    path: '/payment/list',
    summary: 'Saved payout accounts, grouped by method (type 1 local wallet, 2 USDT)',
    auth: 'required',
    body: z.object({ type: optInt('type', 1, { min: 1, max: 2 }) }),
    handler: async (req) => {
      const timeout = (await ref.setting<{ timeout_desc?: string }>('withdraw', {})).timeout_desc ?? '';
      // One round trip: the user, every saved account and the rails' notices at once; the wallet's methods (which
      // need the user's country) pick the accounts shown.
      const [u, saved, notices] = await Promise.all([
        user(req.auth!.userId),
        paymentRepo.list(db, req.auth!.userId),
        railNotices(db),
      ]);
      const codes = methodsFor(u, req.body.type);
      return codes.map((code) => {
        const m = methodByCode(code);
        return {
          payment_id: m.payment_id,
          code,
          name: m.name,
          data_list: saved
            .filter((x) => x.method === code)
            .map((x) => ({
              bank_id: Number(x.id),
              is_def: x.is_default ? 1 : 2,
              bank_logo: x.logo,
              bank_logo_image: x.logo,
              bank_name: x.bank_name,
              account_no: x.account_no,
              account_name: x.account_name,
              timeout_desc: timeout,
              // What staff say about the account's rail now: the withdraw form shows it before an amount is typed.
              rail_notice: notices.get(x.rail) ?? '',
            })),
        };
      });
    },
  });

  gcRoute(app, {
    path: '/payment/setDef',
    summary: 'Make a saved payout account the default for its wallet',
    auth: 'required',
    body: z.object({ bank_id: idField('bank_id') }),
    handler: async (req) => {
      const userId = req.auth!.userId;
      await db.tx(async (q) => {
        await paymentRepo.lockOwner(q, userId);
        const acc = await paymentRepo.account(q, userId, req.body.bank_id);
        if (!acc) throw new AppError(PAYMENT_MESSAGES.accountNotFound);
        await paymentRepo.makeDefault(q, userId, req.body.bank_id, acc.method);
      });
      return null;
    },
  });

  gcRoute(app, {
    path: '/payment/delete',
    summary: 'Remove a saved payout account (refused while a withdrawal to it is open)',
    auth: 'required',
    body: z.object({ bank_id: idField('bank_id') }),
    handler: async (req) => {
      const userId = req.auth!.userId;
      await db.tx(async (q) => {
        await paymentRepo.lockOwner(q, userId);
        const acc = await paymentRepo.account(q, userId, req.body.bank_id, true);
        if (!acc) throw new AppError(PAYMENT_MESSAGES.accountNotFound);
        if (await paymentRepo.hasOpenWithdrawal(q, req.body.bank_id))
          throw new AppError(PAYMENT_MESSAGES.openWithdrawal);
        await paymentRepo.remove(q, req.body.bank_id);
        if (acc.is_default) await paymentRepo.promoteOldest(q, userId, acc.method);
      });
      return null;
    },
  });
}
