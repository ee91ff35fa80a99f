/**
 * NUBAN (DESIGN §6): 10-digit account number = 9-digit serial + check digit, the check digit taken
 * over the bank code and serial with weights 3,7,3 repeating; check = (10 − sum mod 10) mod 10.
 * The CBN's 2020 revision pads the institution code to 6 digits; with 3,7,3 repeating and zeros in
 * front, a 3-digit bank code gives the same digit as the original 12-weight rule.
 */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!/^\d{3}$|^\d{6}$/.test(bankCode) || !/^\d{9}$/.test(serial))
    throw new RangeError('bank code of 3 or 6 digits and a 9-digit serial');
  const digits = (bankCode.padStart(6, '0') + serial).split('').map(Number);
  const weights = [3, 7, 3];
  const sum = digits.reduce((acc, d, i) => acc + d * (weights[i % 3] as number), 0);
  return (10 - (sum % 10)) % 10;
}

export function isValidNuban(bankCode: string, accountNo: string): boolean {
  if (!/^\d{10}$/.test(accountNo)) return false;
  return nubanCheckDigit(bankCode, accountNo.slice(0, 9)) === Number(accountNo[9]);
}

/** Ghana mobile-money numbers: 10 digits starting 0, with the network's prefixes. */
const MOMO_PREFIXES: Record<string, string[]> = {
  MTN: ['024', '025', '053', '054', '055', '059'],
  TELECEL: ['020', '050'],
  AT: ['026', '027', '056', '057'],
};

export function momoNumberError(network: string, input: string): string | null {
  let digits = input.replace(/[\s-]/g, '');
  if (digits.startsWith('+233')) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith('233') && digits.length === 12) digits = `0${digits.slice(3)}`;
  if (!/^0\d{9}$/.test(digits)) return 'Enter a 10-digit mobile money number';
  if (!(MOMO_PREFIXES[network] ?? []).includes(digits.slice(0, 3)))
    return 'This number does not belong to the selected network';
  return null;
}

export const normalizeMomo = (input: string) => {
  const d = input.replace(/[\s-]/g, '');
  if (d.startsWith('+233')) return `0${d.slice(4)}`;
  if (d.startsWith('233') && d.length === 12) return `0${d.slice(3)}`;
  return d;
};

/** USDT address shapes per network. */
export function usdtAddressError(network: string, address: string): string | null {
  if (network === 'TRC20')
    return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)
      ? null
      : 'Enter a valid TRC20 address (34 characters starting with T)';
  return /^0x[0-9a-fA-F]{40}$/.test(address)
    ? null
    : `Enter a valid ${network} address (0x followed by 40 hex characters)`;
}
