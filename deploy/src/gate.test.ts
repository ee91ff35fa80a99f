import { compatibilityProblems, type GateSubject } from './gate';
import { SHARED, withShared } from './test-fixtures';

const shell: GateSubject = { app: 'shell', version: '0.1.0+aaaa', shared: SHARED };
const remote = (shared = SHARED): GateSubject => ({ app: 'mfe-account', version: '0.1.0+bbbb', shared });

describe('compatibility gate', () => {
  it('passes a remote built against the same singletons', () => {
    expect(compatibilityProblems(shell, remote())).toEqual([]);
  });

  it('passes a newer minor the shell still satisfies', () => {
    const r = remote(withShared({ mobx: { version: '7.2.0', requiredVersion: '^7.1.0' } }));
    expect(compatibilityProblems(shell, r)).toEqual([]);
  });

  it('refuses a remote that needs another React major, naming the package and both ranges', () => {
    const r = remote(withShared({ react: { version: '18.3.1', requiredVersion: '^18.3.1' } }));
    const problems = compatibilityProblems(shell, r);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe(
      'react: mfe-account 0.1.0+bbbb requires ^18.3.1 (built with 18.3.1), but shell 0.1.0+aaaa provides 19.3.1 ' +
        '(requires ^19.3.1)',
    );
  });

  it('refuses a remote whose own copy falls outside the shell’s range', () => {
    // The remote accepts the shell's version, but offers a copy the shell would not accept.
    const r = remote(withShared({ mobx: { version: '6.13.0', requiredVersion: '>=6' } }));
    const [problem] = compatibilityProblems(shell, r);
    expect(problem).toContain('mobx: shell 0.1.0+aaaa requires ^7.1.3 (provides 7.1.3)');
    expect(problem).toContain('mfe-account 0.1.0+bbbb was built with 6.13.0 (requires >=6)');
  });

  it(
    'refuses a remote built against a newer shared-sdk than the live shell gives it (new exports it would ' + 'call)',
    () => {
      const r = remote(withShared({ '@giftlane/shared-sdk': { version: '0.2.0', requiredVersion: '^0.2.0' } }));
      expect(compatibilityProblems(shell, r)).toEqual([
        '@giftlane/shared-sdk: mfe-account 0.1.0+bbbb requires ^0.2.0 (built with 0.2.0), but shell 0.1.0+aaaa ' +
          'provides 0.1.0 (requires ^0.1.0)',
      ]);
    },
  );

  it('refuses a remote that would run a second copy of a singleton', () => {
    const r = remote(withShared({ '@giftlane/shared-sdk': { singleton: false } }));
    expect(compatibilityProblems(shell, r)).toEqual([
      '@giftlane/shared-sdk: a singleton in shell 0.1.0+aaaa but not in mfe-account 0.1.0+bbbb, which would run a ' +
        'second copy',
    ]);
  });

  it('lists every problem, and ignores packages only the remote shares', () => {
    const r = remote([
      ...withShared({ react: { requiredVersion: '^20.0.0' }, 'react-dom': { requiredVersion: '^20.0.0' } }),
      { name: 'dayjs', version: '1.11.0', requiredVersion: '^1.11.0', singleton: true },
    ]);
    expect(compatibilityProblems(shell, r).map((p) => p.split(':')[0])).toEqual(['react', 'react-dom']);
  });
});
