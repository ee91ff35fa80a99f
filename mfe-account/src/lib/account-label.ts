// How a saved payout account is named wherever a seller picks or reads one (the payout list, the
// withdraw form and its receipt): the bank, the number (a long wallet address shortened), the name.
import type { PayoutAccount } from '@giftlane/shared-sdk';

/** An account number as shown: a long wallet address shortened to its ends. */
export const accountNumber = (no: string) => (no.length > 14 ? `${no.slice(0, 6)}…${no.slice(-6)}` : no);

export function accountLabel(a: Pick<PayoutAccount, 'bank_name' | 'account_no' | 'account_name'>): string {
  return `${a.bank_name} · ${accountNumber(a.account_no)}${a.account_name ? ` · ${a.account_name}` : ''}`;
}
