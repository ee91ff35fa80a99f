import {
  addMoney,
  compareMoney,
  money,
  MoneyError,
  moneyToDecimalString,
  parseMoney,
  subtractMoney,
  toCurrencyCode,
  tryParseMoney,
} from '../money';
import { dateTimeFormat } from '../date-format';
import { formatDate, formatDateTime, formatMoney, unixSecondsToDate, withProduct } from '../format';

describe('parseMoney', () => {
  it('reads decimal strings and numbers into minor units', () => {
    expect(parseMoney('1234.5', 'NGN')).toEqual({ amount_minor: 123450n, currency: 'NGN' });
    expect(parseMoney(1234.5, 'GHS')).toEqual({ amount_minor: 123450n, currency: 'GHS' });
    expect(parseMoney('12', 'USD').amount_minor).toBe(1200n);
    expect(parseMoney('0.0001', 'USDT').amount_minor).toBe(1n);
    expect(parseMoney(' -20.00 ', 'NGN').amount_minor).toBe(-2000n);
    expect(parseMoney(0.1, 'NGN').amount_minor).toBe(10n);
  });

  it('rejects more decimals than the currency has', () => {
    expect(() => parseMoney('1.001', 'NGN')).toThrow(MoneyError);
    expect(() => parseMoney(0.30000000000000004, 'USD')).toThrow(MoneyError);
    expect(() => parseMoney('1.00001', 'USDT')).toThrow('USDT has 4 decimals');
    expect(parseMoney('1.0001', 'USDT').amount_minor).toBe(10001n);
  });

  it('rejects what is not a plain decimal', () => {
    for (const bad of ['', '1,000', '1e3', 'abc', '.5', '5.', '--1']) {
      expect(() => parseMoney(bad, 'NGN')).toThrow(MoneyError);
    }
    expect(() => parseMoney(Number.NaN, 'NGN')).toThrow(MoneyError);
    expect(() => parseMoney(Infinity, 'NGN')).toThrow(MoneyError);
    expect(() => parseMoney('1', 'EUR' as never)).toThrow('Unknown currency');
    expect(tryParseMoney('1.234', 'NGN')).toBeUndefined();
  });

  it('writes back the exact decimal string', () => {
    expect(moneyToDecimalString(parseMoney('1234.5', 'NGN'))).toBe('1234.50');
    expect(moneyToDecimalString(parseMoney('-0.05', 'GHS'))).toBe('-0.05');
    expect(moneyToDecimalString(parseMoney('7', 'USDT'))).toBe('7.0000');
    expect(moneyToDecimalString(money(5, 'USD'))).toBe('0.05');
  });

  it('adds, subtracts and compares only in one currency', () => {
    const a = parseMoney('10.10', 'NGN');
    const b = parseMoney('0.90', 'NGN');
    expect(moneyToDecimalString(addMoney(a, b))).toBe('11.00');
    expect(moneyToDecimalString(subtractMoney(b, a))).toBe('-9.20');
    expect(compareMoney(a, b)).toBe(1);
    expect(() => addMoney(a, parseMoney('1', 'GHS'))).toThrow('Currency mismatch');
  });

  it('maps loose currency names', () => {
    expect(toCurrencyCode(' ngn ')).toBe('NGN');
    expect(toCurrencyCode('usdt')).toBe('USDT');
    expect(toCurrencyCode('KES')).toBeUndefined();
  });
});

describe('formatting', () => {
  it('formats each currency with its symbol, decimals and thousands separators', () => {
    expect(formatMoney(parseMoney('1234567.5', 'NGN'))).toBe('₦1,234,567.50');
    expect(formatMoney(parseMoney('0.05', 'GHS'))).toBe('GH₵0.05');
    expect(formatMoney(parseMoney('1000', 'USD'))).toBe('$1,000.00');
    expect(formatMoney(parseMoney('1234.5', 'USDT'))).toBe('1,234.5000 USDT');
    expect(formatMoney(parseMoney('-20', 'NGN'))).toBe('-₦20.00');
    expect(formatMoney(parseMoney('999', 'NGN'), { symbol: false })).toBe('999.00');
  });

  it('formats Unix seconds and treats 0 as no date', () => {
    expect(unixSecondsToDate(0)).toBeUndefined();
    expect(unixSecondsToDate('1700000000')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(formatDate(1700000000, { timeZone: 'Africa/Lagos' })).toBe('14 Nov 2023');
    expect(formatDateTime(1700000000, { timeZone: 'Africa/Lagos' })).toBe('14 Nov 2023, 23:13');
    expect(formatDate(0)).toBe('');
  });

  it('keeps one formatter per locale, zone and fields, so each zone still reads its own clock', () => {
    const lagos = { timeZone: 'Africa/Lagos', hour: '2-digit' } as const;
    expect(dateTimeFormat('en-GB', lagos)).toBe(dateTimeFormat('en-GB', { ...lagos }));
    expect(dateTimeFormat('en-GB', lagos)).not.toBe(dateTimeFormat('en-GB', { ...lagos, timeZone: 'Africa/Accra' }));
    expect(formatDateTime(1700000000, { timeZone: 'Africa/Lagos' })).toBe('14 Nov 2023, 23:13');
    expect(formatDateTime(1700000000, { timeZone: 'Africa/Accra' })).toBe('14 Nov 2023, 22:13');
    expect(formatDateTime(1700000000, { timeZone: 'Africa/Lagos' })).toBe('14 Nov 2023, 23:13');
    expect(formatDate(1700000000, { timeZone: 'Pacific/Kiritimati' })).toBe('15 Nov 2023');
  });

  it('puts the product name into {product}', () => {
    expect(withProduct('Login to {product}')).toBe('Login to GiftLane');
    expect(withProduct('Signup to {product}', 'Other')).toBe('Signup to Other');
  });
});
