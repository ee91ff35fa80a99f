import type { KycStatus } from '@giftlane/shared-sdk';
import { kycNotes } from '../kyc-notice';

const wallet = (over: Partial<KycStatus['wallets'][number]> = {}): KycStatus['wallets'][number] => ({
  currency: 'NGN',
  balance: '₦20,000.00',
  single_limit: '₦50,000.00',
  daily_limit: '₦50,000.00',
  remaining_today: '₦50,000.00',
  balance_threshold: '₦300,000.00',
  above_threshold: false,
  above_remaining_today: false,
  ...over,
});
const status = (level: number, wallets: KycStatus['wallets']): KycStatus => ({
  offered: true,
  level,
  verified_name: level ? 'Chinedu Okafor' : '',
  id_type: level ? 'bvn' : '',
  id_masked: level ? '•••••••2222' : '',
  id_types: [{ type: 'bvn', label: 'BVN' }],
  levels: [],
  checks: [],
  attempts_left: 5,
  wallets,
  payout_mismatches: [],
});

test('unverified with money: verify to withdraw it', () => {
  expect(kycNotes(status(0, [wallet({ remaining_today: '₦0.00', above_remaining_today: true })]))).toEqual([
    'You have ₦20,000.00. Verify your identity to withdraw it: it takes a minute.',
  ]);
});

test(
  'verified: a balance above what is left today, and above the level’s threshold, each said with the ' + 'figures',
  () => {
    const notes = kycNotes(
      status(1, [
        wallet({
          balance: '₦360,000.00',
          remaining_today: '₦48,000.00',
          above_remaining_today: true,
          above_threshold: true,
        }),
      ]),
    );
    expect(notes).toEqual([
      'Your NGN balance, ₦360,000.00, is more than you can withdraw today at level 1 (₦48,000.00 left today).',
      'Your NGN balance is above ₦300,000.00, the most level 1 is meant to hold. It is safe and yours; verify to ' +
        'level 2 to keep withdrawing freely.',
    ]);
  },
);

test('nothing to say within the limits, or where verification is not offered', () => {
  expect(kycNotes(status(1, [wallet()]))).toEqual([]);
  expect(kycNotes({ ...status(0, [wallet({ above_remaining_today: true })]), offered: false })).toEqual([]);
});
