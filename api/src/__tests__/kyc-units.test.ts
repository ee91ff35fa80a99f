import { namesMatch } from '../modules/kyc/names.js';
import { DEFAULT_TIERS, normaliseIdNumber, tiersSchema } from '../modules/kyc/tiers.js';
import { IdentityVault, maskedId } from '../modules/kyc/vault.js';

describe('names match within a tolerance', () => {
  test.each([
    ['Chinedu Okafor', 'OKAFOR CHINEDU EMEKA'],
    ['chinedu okafor', 'Chinedu Emeka Okafor'],
    ['C. Okafor', 'Chinedu Okafor'],
    ['Chinedu E. Okafor', 'Chinedu Emeka Okafor'],
    ['Adébáyọ̀ Ògúnlẹ̀sì', 'ADEBAYO OGUNLESI'],
    ['Ama Owusu-Ansah', 'AMA OWUSUANSAH'],
    ['Ngozi Eze', 'NGOZI EZE'],
  ])('%s = %s', (a, b) => {
    expect(namesMatch(a, b)).toBe(true);
    expect(namesMatch(b, a)).toBe(true);
  });
  test.each([
    ['Chinedu Okafor', 'Chinedu Bello'],
    ['Chinedu', 'Chinedu Okafor'],
    ['C. O.', 'Chinedu Okafor'],
    ['Chinedu Okafor', 'Okafor Okafor'],
    ['', 'Chinedu Okafor'],
    ['Aisha Bello', 'AISHAT BELLO-KANO'],
  ])('%s ≠ %s', (a, b) => {
    expect(namesMatch(a, b)).toBe(false);
  });
});

describe('identity numbers at rest', () => {
  const vault = new IdentityVault('a-key-for-tests-only-0123456789abcdef');
  test('sealed per value with its own data key, bound to its context, opened only with the same key', () => {
    const a = vault.seal('22222222222', 'user:1');
    const b = vault.seal('22222222222', 'user:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('22222222222');
    expect(vault.open(a, 'user:1')).toBe('22222222222');
    expect(() => vault.open(a, 'user:2')).toThrow();
    expect(() => new IdentityVault('another-key-for-tests-0123456789abcdef').open(a, 'user:1')).toThrow(
      /sealed with key/,
    );
    const parts = a.split('.');
    const tampered = [
      ...parts.slice(0, 3),
      Buffer.from(Buffer.from(parts[3]!, 'base64url').map((x, i) => (i === 30 ? x ^ 1 : x))).toString('base64url'),
    ].join('.');
    expect(() => vault.open(tampered, 'user:1')).toThrow();
    expect(vault.lookup('bvn', '22222222222')).toBe(vault.lookup('bvn', '22222222222'));
    expect(vault.lookup('bvn', '22222222222')).not.toBe(vault.lookup('nin', '22222222222'));
    expect(maskedId('22222222222'.slice(-4))).toBe('•••••••2222');
    expect(maskedId('')).toBe('');
  });
});

test('ID numbers are read as people write them; the default tiers are valid configuration', () => {
  expect(normaliseIdNumber('bvn', ' 222-2222 2222 ')).toBe('22222222222');
  expect(normaliseIdNumber('ghana_card', 'gha 123456789 0')).toBe('GHA-123456789-0');
  expect(tiersSchema.safeParse(DEFAULT_TIERS).success).toBe(true);
});
