import { describe, expect, it } from 'vitest';
import { resolveBaseUrl } from '../../../src/main/workspaces/base-url';
import { DEFAULT_BASE_URLS } from '../../../src/shared/platform/enums';

const good = (r: ReturnType<typeof resolveBaseUrl>): string => {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.message}`);
  return r.value;
};
const bad = (r: ReturnType<typeof resolveBaseUrl>): string => {
  if (r.ok) throw new Error(`expected an error, got ${r.value}`);
  expect(r.error.code).toBe('bad-input');
  return r.error.message;
};

describe('resolveBaseUrl', () => {
  it('uses the environment default when no override is given', () => {
    expect(good(resolveBaseUrl('production'))).toBe(DEFAULT_BASE_URLS.production);
    expect(good(resolveBaseUrl('demo', ''))).toBe(DEFAULT_BASE_URLS.demo);
    expect(good(resolveBaseUrl('testnet', '   '))).toBe(DEFAULT_BASE_URLS.testnet);
  });

  it('accepts only the environment own base URL as an override, normalised', () => {
    expect(good(resolveBaseUrl('demo', 'https://API.stage.copper.co:443/platform/'))).toBe(
      DEFAULT_BASE_URLS.demo,
    );
    expect(good(resolveBaseUrl('production', 'https://api.copper.co/platform'))).toBe(
      DEFAULT_BASE_URLS.production,
    );
    expect(good(resolveBaseUrl('testnet', ' https://api.testnet.copper.co/platform '))).toBe(
      DEFAULT_BASE_URLS.testnet,
    );
  });

  it('pins production, demo and testnet to the platform host (issue 17.1)', () => {
    const refused = [
      ['production', 'https://attacker.example/platform'],
      ['production', 'https://api.copper.co.attacker.example/platform'],
      ['production', 'https://127.0.0.1:47002/platform'],
      ['production', 'https://[::1]/platform'],
      ['production', 'https://api.copper.co./platform'],
      ['production', 'https://api.copper.co:8443/platform'],
      ['production', 'https://api.copper.co/evil/platform'],
      ['production', 'https://evil.api.copper.co/platform'],
      ['production', DEFAULT_BASE_URLS.demo],
      ['demo', DEFAULT_BASE_URLS.production],
      ['testnet', 'https://api.testnet.copper.co.evil/platform'],
      ['demo', 'https://proxy.example.com/copper/platform'],
    ] as const;
    for (const [environment, url] of refused) {
      expect(bad(resolveBaseUrl(environment, url)), `${environment} ${url}`).toMatch(
        new RegExp(`must use ${DEFAULT_BASE_URLS[environment].replace(/[.]/g, '\\.')}`),
      );
    }
  });

  it('refuses plain http, wrong paths, queries, fragments and credentials for real environments', () => {
    expect(bad(resolveBaseUrl('production', 'http://api.copper.co/platform'))).toMatch(/must use https:\/\//);
    expect(bad(resolveBaseUrl('demo', 'https://api.stage.copper.co/'))).toMatch(/must use/);
    expect(bad(resolveBaseUrl('demo', 'https://api.stage.copper.co/platformx'))).toMatch(/must use/);
    expect(bad(resolveBaseUrl('demo', 'https://api.copper.co/platform?x=1'))).toMatch(/query string/);
    expect(bad(resolveBaseUrl('demo', 'https://api.copper.co/platform?'))).toMatch(/query string/);
    expect(bad(resolveBaseUrl('demo', 'https://api.copper.co/platform#top'))).toMatch(/fragment/);
    const creds = bad(resolveBaseUrl('demo', 'https://me:hunter2@api.copper.co/platform'));
    expect(creds).toMatch(/user name or password/);
    expect(creds).not.toContain('hunter2');
    expect(bad(resolveBaseUrl('testnet', 'not a url'))).toMatch(/not a valid URL/);
    expect(bad(resolveBaseUrl('testnet', 'ftp://api.testnet.copper.co/platform'))).toMatch(/must use/);
  });

  it('requires a loopback http URL with a port for the sandbox environment', () => {
    expect(good(resolveBaseUrl('sandbox', 'http://127.0.0.1:4317/platform'))).toBe(
      'http://127.0.0.1:4317/platform',
    );
    expect(good(resolveBaseUrl('sandbox', 'http://localhost:4317/platform/'))).toBe(
      'http://localhost:4317/platform',
    );
    expect(bad(resolveBaseUrl('sandbox'))).toMatch(/loopback/);
    expect(bad(resolveBaseUrl('sandbox', 'http://10.0.0.5:4317/platform'))).toMatch(
      /127\.0\.0\.1 or localhost/,
    );
    expect(bad(resolveBaseUrl('sandbox', 'http://sandbox.example.com:4317/platform'))).toMatch(
      /this machine/,
    );
    expect(good(resolveBaseUrl('sandbox', 'https://127.0.0.1:4317/platform'))).toBe(
      'https://127.0.0.1:4317/platform',
    );
    expect(bad(resolveBaseUrl('sandbox', 'ftp://127.0.0.1:4317/platform'))).toMatch(/http:\/\/ or https/);
    expect(bad(resolveBaseUrl('sandbox', 'http://127.0.0.1/platform'))).toMatch(/port/);
    expect(bad(resolveBaseUrl('sandbox', 'http://127.0.0.1:4317/other/platform'))).toMatch(/\/platform root/);
    expect(bad(resolveBaseUrl('sandbox', 'http://127.0.0.1:4317/platform?debug=1'))).toMatch(/query/);
  });
});
