/**
 * Edges of the workspace rules (src/shared/workspace-rules.ts) that the other workspace tests
 * leave open (found by mutation testing): each base-URL refusal on its own, default ports, the
 * exact wording shown to the operator, and the name rules at their limits.
 */
import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_SANDBOX_NAME,
  MAX_WORKSPACE_NAME_LENGTH,
  nameKey,
  resolveBaseUrl,
  workspaceNameSchema,
} from '../../../src/shared/workspace-rules';
import { checkWorkspaceName } from '../../../src/shared/workspace-names';

const refusal = (r: ReturnType<typeof resolveBaseUrl>): string =>
  r.ok ? `accepted ${r.value}` : `${r.error.code}: ${r.error.message}`;

describe('base URL refusals, one rule at a time', () => {
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
    expect(resolveBaseUrl('sandbox', 'http://127.0.0.1:8080/platform//')).toEqual({
      ok: true,
      value: 'http://127.0.0.1:8080/platform',
    });
    expect(resolveBaseUrl('testnet', 'https://api.testnet.copper.co/platform///')).toEqual({
      ok: true,
      value: 'https://api.testnet.copper.co/platform',
    });
  });
  it('takes a written default port for a sandbox, http 80 and https 443, and no other', () => {
    expect(resolveBaseUrl('sandbox', 'http://127.0.0.1:80/platform')).toEqual({
      ok: true,
      value: 'http://127.0.0.1:80/platform',
    });
    expect(resolveBaseUrl('sandbox', 'https://localhost:443/platform')).toEqual({
      ok: true,
      value: 'https://localhost:443/platform',
    });
    expect(refusal(resolveBaseUrl('sandbox', 'https://localhost:80/platform'))).toBe(
      'accepted https://localhost:80/platform',
    );
    const noPort =
      'bad-input: A sandbox base URL must include the port the sandbox listens on, e.g. http://127.0.0.1:8080/platform.';
    expect(refusal(resolveBaseUrl('sandbox', 'http://127.0.0.1/platform'))).toBe(noPort);
    expect(refusal(resolveBaseUrl('sandbox', 'https://127.0.0.1/platform'))).toBe(noPort);
    expect(resolveBaseUrl('sandbox', 'http://[::1]:9000/platform')).toEqual({
      ok: true,
      value: 'http://[::1]:9000/platform',
    });
  });
});

describe('workspace names at their limits', () => {
  it('keys names without case and without any run of spaces', () => {
    expect(nameKey('My  Desk\tOne')).toBe('mydeskone');
    expect(nameKey('ＡＢ')).toBe('ab');
  });
  it('accepts exactly the maximum length and refuses one more, with the limit in the message', () => {
    const max = 'a'.repeat(MAX_WORKSPACE_NAME_LENGTH);
    expect(checkWorkspaceName(max, [])).toEqual({ ok: true, value: max });
    expect(checkWorkspaceName(`${max}b`, [])).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message: `The workspace name must be at most ${MAX_WORKSPACE_NAME_LENGTH} characters.`,
      },
    });
  });
  it('names each refusal as bad input with its reason', () => {
    expect(checkWorkspaceName('  ', [])).toEqual({
      ok: false,
      error: { code: 'bad-input', message: 'The workspace name must not be empty.' },
    });
    expect(checkWorkspaceName('a\u200bb', [])).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message:
          'The workspace name contains an invisible or control character (U+200B); type the name again without it.',
      },
    });
    expect(checkWorkspaceName(BUILT_IN_SANDBOX_NAME.toUpperCase(), [])).toMatchObject({
      ok: false,
      error: { code: 'bad-input' },
    });
    expect(checkWorkspaceName('Desk one', ['desk  ONE'])).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message:
          'Another workspace is already named "desk  ONE", which looks like this name; choose a name that tells them apart.',
      },
    });
  });
  it('lets the contract accept the built-in name and trims, but refuses what the rules refuse', () => {
    expect(workspaceNameSchema.parse(`  ${BUILT_IN_SANDBOX_NAME} `)).toBe(BUILT_IN_SANDBOX_NAME);
    const empty = workspaceNameSchema.safeParse('   ');
    expect(empty.success).toBe(false);
    expect(empty.success ? [] : empty.error.issues.map((i) => [i.code, i.message])).toEqual([
      ['custom', 'The workspace name must not be empty.'],
    ]);
  });
});
