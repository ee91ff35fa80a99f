import { looksLikePhone, toE164, whatsappDigits } from '../phone';

describe('toE164: a phone number as people type it', () => {
  it.each([
    ['08121325873'],
    ['8121325873'],
    ['0812 132 5873'],
    ['0812-132-5873'],
    ['2348121325873'],
    ['234 0812 132 5873'],
    ['+2348121325873'],
    ['+234 812 132 5873'],
    ['+234 (0) 812 132 5873'],
    ['002348121325873'],
  ])('reads the Nigerian number %s as +2348121325873', (typed) => {
    expect(toE164(typed)).toBe('+2348121325873');
    expect(toE164(typed, ['+234', '+233'])).toBe('+2348121325873');
  });

  it('reads a national number of the dial code chosen on the form', () => {
    expect(toE164('0241234567', ['+233'])).toBe('+233241234567');
    expect(toE164('241234567', ['+233'])).toBe('+233241234567');
  });

  it('tries each country of the list, the first preferred, then an international number without +', () => {
    // Too long for a Nigerian number, right for a Ghanaian one.
    expect(toE164('0241234567', ['+234', '+233'])).toBe('+233241234567');
    expect(toE164('233241234567', ['+234', '+233'])).toBe('+233241234567');
    expect(toE164('254712345678', ['+234'])).toBe('+254712345678');
  });

  it('keeps the old reading of a number no country makes valid', () => {
    expect(toE164('0123', ['+234'])).toBe('+234123');
    expect(toE164('2340123', ['+234'])).toBe('+234123');
  });

  it('answers nothing for nothing typed', () => {
    expect(toE164('')).toBeUndefined();
    expect(toE164(' - ')).toBeUndefined();
  });

  it('gives the api its stored form: E.164 without the +', () => {
    expect(whatsappDigits('08121325873')).toBe('2348121325873');
    expect(whatsappDigits('+233 24 123 4567', ['+234', '+233'])).toBe('233241234567');
  });

  it('tells a phone number from an e-mail address or a username', () => {
    expect(looksLikePhone('08121325873')).toBe(true);
    expect(looksLikePhone('+234 812 132 5873')).toBe(true);
    expect(looksLikePhone('ada@example.com')).toBe(false);
    expect(looksLikePhone('ada_2024')).toBe(false);
    expect(looksLikePhone('12')).toBe(false);
  });
});
