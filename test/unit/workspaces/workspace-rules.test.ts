/** The shared validators of issue 17, as both sides use them (main store and renderer forms). */
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/shared/contract';
import { passphraseStrength, weakPassphraseMessage } from '../../../src/shared/passphrase-strength';
import { baseUrlProblem, checkWorkspaceName, nameKey } from '../../../src/shared/workspace-rules';

describe('workspace names', () => {
  it('compares names without case and spaces', () => {
    expect(nameKey('  Fund  A ')).toBe(nameKey('funda'));
    expect(checkWorkspaceName('Fund A', ['FUND a']).ok).toBe(false);
    expect(checkWorkspaceName('Fund A', ['Fund B']).ok).toBe(true);
  });

  it('lets the built-in workspace keep its own name, and nobody else take it', () => {
    expect(checkWorkspaceName('Local sandbox', [], { builtIn: true }).ok).toBe(true);
    expect(checkWorkspaceName('LOCAL SANDBOX', []).ok).toBe(false);
  });

  it('is refused by the contract before any handler runs, untrimmed so a newline is not hidden', () => {
    const create = contract.workspaces.create.input;
    const base = { environment: 'demo', organizationId: 'o' };
    for (const name of ['Prod\n', '\u202EProd', 'Pr\u200Dod', 'Prod\u2069', '\tProd', '']) {
      expect(create.safeParse({ ...base, name }).success, JSON.stringify(name)).toBe(false);
    }
    const parsed = create.safeParse({ ...base, name: '  Fund A  ' });
    expect(parsed.success && parsed.data.name).toBe('Fund A');
    const update = contract.workspaces.update.input;
    expect(update.safeParse({ id: 'w', name: 'A\u202Eb' }).success).toBe(false);
  });
});

describe('stored base URLs', () => {
  it('names what is wrong with a stored URL, and accepts the pinned ones as they are stored', () => {
    expect(
      baseUrlProblem({ name: 'P', environment: 'production', baseUrl: 'https://api.copper.co/platform' }),
    ).toBeNull();
    expect(
      baseUrlProblem({ name: 'S', environment: 'sandbox', baseUrl: 'http://127.0.0.1:4000/platform' }),
    ).toBeNull();
    expect(
      baseUrlProblem({
        name: 'P',
        environment: 'production',
        baseUrl: 'https://api.copper.co.evil/platform',
      }),
    ).toMatch(/"P" has a base URL that is not allowed/);
    expect(
      baseUrlProblem({ name: 'P', environment: 'production', baseUrl: 'https://API.copper.co/platform/' }),
    ).toMatch(/normal form/);
  });
});

describe('passphrase strength', () => {
  it('scores like a cracker: repeats and common passwords fail whatever their length', () => {
    expect(passphraseStrength('aaaaaaaaaaaaaaaaaaaaaaaa').acceptable).toBe(false);
    expect(passphraseStrength('Password123456').acceptable).toBe(false);
    expect(passphraseStrength('short Zq!9').acceptable).toBe(false); // under 12 characters
    expect(passphraseStrength('quartz lantern meadow orbit').acceptable).toBe(true);
    const weak = passphraseStrength('aaaaaaaaaaaa');
    expect(weak.score).toBeLessThan(3);
    expect(weak.warning).toMatch(/Repeated characters/);
    expect(weak.suggestions.length).toBeGreaterThan(0);
    expect(weakPassphraseMessage('aaaaaaaaaaaa')).toMatch(/too easy to guess \(strength 0 of 4/);
    expect(weakPassphraseMessage('quartz lantern meadow orbit')).toBeNull();
  });
});
