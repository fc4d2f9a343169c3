/**
 * The workspace rules both sides apply (src/shared/workspace-rules.ts): base URLs (each refusal on
 * its own, default ports, the normal form, stored ones), name keys, and the name schema the
 * contract refuses with before any handler runs.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/shared/contract';
import {
  BUILT_IN_SANDBOX_NAME,
  baseUrlProblem,
  nameKey,
  resolveBaseUrl,
  workspaceNameSchema,
} from '../../../src/shared/workspace-rules';

const refusal = (r: ReturnType<typeof resolveBaseUrl>): string =>
  r.ok ? `accepted ${r.value}` : `${r.error.code}: ${r.error.message}`;

/** `resolveBaseUrl` accepts `input` for `environment` and writes it as `normal`. */
const expectAccepted = (environment: Parameters<typeof resolveBaseUrl>[0], input: string, normal: string) =>
  expect(resolveBaseUrl(environment, input)).toEqual({ ok: true, value: normal });

describe('resolveBaseUrl, one rule at a time', () => {
  it('refuses a user name alone and a password alone', () => {
    const why = 'bad-input: Base URL must not contain a user name or password; remove the "user:pass@" part.';
    expect(refusal(resolveBaseUrl('sandbox', 'http://me@127.0.0.1:8080/platform'))).toBe(why);
    expect(refusal(resolveBaseUrl('sandbox', 'http://:pw@127.0.0.1:8080/platform'))).toBe(why);
  });

  it('refuses even an empty query or fragment', () => {
    expect(refusal(resolveBaseUrl('sandbox', 'http://127.0.0.1:8080/platform?'))).toBe(
      'bad-input: Base URL must not have a query string; remove everything from "?" on.',
    );
    expect(refusal(resolveBaseUrl('sandbox', 'http://127.0.0.1:8080/platform?a=1'))).toMatch(/query string/);
    expect(refusal(resolveBaseUrl('sandbox', 'http://127.0.0.1:8080/platform#'))).toBe(
      'bad-input: Base URL must not have a fragment; remove everything from "#" on.',
    );
    expect(refusal(resolveBaseUrl('sandbox', 'http://127.0.0.1:8080/platform#x'))).toMatch(/fragment/);
  });

  it('explains the pinned base URL in full', () => {
    expect(refusal(resolveBaseUrl('demo', 'https://example.com/platform'))).toBe(
      'bad-input: A demo workspace must use https://api.stage.copper.co/platform (got "https://example.com/platform"): ' +
        'the API key is only ever sent to the platform itself. Leave the base URL empty to use it; a custom base URL ' +
        'is possible only for a sandbox workspace on this machine.',
    );
  });

  it('accepts one or many trailing slashes, and writes the normal form', () => {
    expectAccepted('sandbox', 'http://127.0.0.1:8080/platform//', 'http://127.0.0.1:8080/platform');
    expectAccepted(
      'testnet',
      'https://api.testnet.copper.co/platform///',
      'https://api.testnet.copper.co/platform',
    );
  });

  it('takes a written default port for a sandbox, http 80 and https 443, and no other', () => {
    expectAccepted('sandbox', 'http://127.0.0.1:80/platform', 'http://127.0.0.1:80/platform');
    expectAccepted('sandbox', 'https://localhost:443/platform', 'https://localhost:443/platform');
    expect(refusal(resolveBaseUrl('sandbox', 'https://localhost:80/platform'))).toBe(
      'accepted https://localhost:80/platform',
    );
    const noPort =
      'bad-input: A sandbox base URL must include the port the sandbox listens on, e.g. http://127.0.0.1:8080/platform.';
    expect(refusal(resolveBaseUrl('sandbox', 'http://127.0.0.1/platform'))).toBe(noPort);
    expect(refusal(resolveBaseUrl('sandbox', 'https://127.0.0.1/platform'))).toBe(noPort);
    expectAccepted('sandbox', 'http://[::1]:9000/platform', 'http://[::1]:9000/platform');
  });
});

describe('baseUrlProblem', () => {
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

describe('nameKey', () => {
  it('keys names without case and without any run of spaces', () => {
    expect(nameKey('  Fund  A ')).toBe(nameKey('funda'));
    expect(nameKey('My  Desk\tOne')).toBe('mydeskone');
    expect(nameKey('ＡＢ')).toBe('ab');
  });
});

describe('workspaceNameSchema', () => {
  it('accepts the built-in name and trims, but refuses what the rules refuse', () => {
    expect(workspaceNameSchema.parse(`  ${BUILT_IN_SANDBOX_NAME} `)).toBe(BUILT_IN_SANDBOX_NAME);
    const empty = workspaceNameSchema.safeParse('   ');
    expect(empty.success).toBe(false);
    expect(empty.success ? [] : empty.error.issues.map((i) => [i.code, i.message])).toEqual([
      ['custom', 'The workspace name must not be empty.'],
    ]);
  });

  it('makes the contract refuse a name before any handler runs, untrimmed so a newline is not hidden', () => {
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
