// How a saved payout account is named wherever a seller picks or reads one (the payout list, the
// withdraw form and its receipt): the bank, the number (a long wallet address shortened), the name.
import type { PayoutAccount } from '@giftlane/shared-sdk';

export function accountLabel(a: Pick<PayoutAccount, 'bank_name' | 'account_no' | 'account_name'>): string {
  const number = a.account_no.length > 14 ? `${a.account_no.slice(0, 6)}…${a.account_no.slice(-6)}` : a.account_no;
  return `${a.bank_name} · ${number}${a.account_name ? ` · ${a.account_name}` : ''}`;
}
