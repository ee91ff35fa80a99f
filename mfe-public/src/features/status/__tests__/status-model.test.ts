import type { StatusBoard } from '@giftlane/shared-sdk';
import { minutesText, payTimeText, railGroups, railStateText, summary } from '../status-model';

const rail = (code: string, method: 'BANK' | 'MOMO' | 'USDT', state: 'normal' | 'delayed' = 'normal') => ({
  code,
  method,
  name: code,
  state,
  message: state === 'delayed' ? 'Slow today' : '',
  since: 0,
  pay_minutes: 20,
  basis: 'usual' as const,
  waiting: 0,
});
const board = (rails: StatusBoard['rails']): StatusBoard => ({
  updated_at: 1_795_300_000,
  promised_payout_minutes: 30,
  families: [],
  rails,
});

test('rails grouped bank, mobile money, USDT; empty groups left out', () => {
  const b = board([rail('USDT-TRC20', 'USDT'), rail('BANK-1', 'BANK'), rail('BANK-2', 'BANK')]);
  expect(railGroups(b).map((g) => [g.title, g.rails.map((r) => r.code)])).toEqual([
    ['Bank transfer', ['BANK-1', 'BANK-2']],
    ['USDT', ['USDT-TRC20']],
  ]);
});

test('state and summary in words', () => {
  expect(railStateText(rail('a', 'BANK', 'delayed'))).toBe('Delayed');
  expect(summary(board([rail('a', 'BANK')]))).toBe('All payout networks are paying normally.');
  expect(summary(board([rail('a', 'BANK', 'delayed'), rail('b', 'MOMO')]))).toBe(
    'One payout network is delayed. The others are paying normally.',
  );
  expect(summary(board([rail('a', 'BANK', 'delayed'), rail('b', 'MOMO', 'delayed')]))).toBe(
    '2 payout networks are delayed.',
  );
  expect(minutesText(90)).toBe('1 h 30 min');
  expect(payTimeText({ basis: 'recent', pay_minutes: 25 })).toBe('Paid in about 25 min lately');
  expect(payTimeText({ basis: 'usual', pay_minutes: 30 })).toBe('Usually paid within 30 min');
});
