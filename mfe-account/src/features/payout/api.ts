// Every call the payout-account and PIN screens make to the api; the components call
// these, never the SDK itself (lint).
import { getSdk, type Api, type Bank, type PaymentMethod, type SavedPaymentGroup } from '@giftlane/shared-sdk';

export type WalletKind = 1 | 2;

/**
 * The saved accounts of both wallets, the methods the user may add, by wallet; whether a transaction password is set
 * (the add form asks for it, or sets the first one) and the wait before a new account can be paid to, as the api
 * enforces it ("24 hours"; empty when there is none).
 */
export async function loadAccounts(): Promise<{
  groups: SavedPaymentGroup[];
  methods: Array<PaymentMethod & { wallet: WalletKind }>;
  pinSet: boolean;
  wait: string;
}> {
  const { api, store } = getSdk();
  const country_id = store.user.countryId ?? '';
  const [local, usdt, localMethods, usdtMethods, steps] = await Promise.all([
    api.payment.list({ type: 1 }),
    api.payment.list({ type: 2 }),
    api.payment.paymentList({ type: 1, country_id }),
    api.payment.paymentList({ type: 2, country_id }),
    api.user.firstSteps(),
  ]);
  // A USDT-only country answers USDT for both wallets: show each method once.
  const seen = new Set<string>();
  const groups = [...local, ...usdt].filter((g) => !seen.has(g.code) && seen.add(g.code));
  const methods = [
    ...localMethods.map((m) => ({ ...m, wallet: 1 as const })),
    ...usdtMethods.map((m) => ({ ...m, wallet: 2 as const })),
  ].filter((m, i, all) => all.findIndex((x) => x.code === m.code) === i);
  return { groups, methods, pinSet: steps.pin_set, wait: steps.payout_wait };
}

/** The banks or mobile-money networks of the seller's country for a method, or the USDT networks; as select options. */
export async function institutionsFor(method: PaymentMethod): Promise<Array<{ id: string; label: string }>> {
  const { api, store } = getSdk();
  if (method.code === 'USDT')
    return (await api.payment.coinList()).map((c) => ({
      id: String(c.bank_id),
      label: c.desc ? `${c.name} (${c.desc})` : c.name,
    }));
  return (await api.payment.bankList({ country_id: store.user.countryId ?? '', payment_id: method.payment_id })).map(
    (b: Bank) => ({ id: String(b.bank_id), label: b.bank_name }),
  );
}

/** The account holder's name, from the bank's or the network's look-up. */
export const lookUpName = (bankId: string, accountNo: string) =>
  getSdk().api.payment.verify({ bank_id: bankId, bank_account: accountNo });

export const saveAccount = (req: Parameters<Api['payment']['add']>[0]) => getSdk().api.payment.add(req);

export const makeDefault = (bankId: number | string) => getSdk().api.payment.setDef({ bank_id: bankId });

export const removeAccount = (bankId: number | string) => getSdk().api.payment.delete({ bank_id: bankId });

export const sendPinResetCode = (loginPassword: string) =>
  getSdk().api.withdraw.sendResetCode({ login_password: loginPassword });

/**
 * Sets the first PIN, changes it (with the current one) or resets it (with the e-mailed code); the login password
 * confirms each.
 */
export async function savePin(
  mode: 'set' | 'change' | 'reset',
  f: { pin: string; current: string; code: string; loginPassword: string },
): Promise<void> {
  const { withdraw } = getSdk().api;
  const login_password = f.loginPassword;
  if (mode === 'set') await withdraw.transactionPassword({ password: f.pin, login_password });
  else if (mode === 'change')
    await withdraw.changeTPassword({ password: f.current, new_password: f.pin, login_password });
  else await withdraw.resetTPassword({ verify_code: f.code, new_password: f.pin, login_password });
}
