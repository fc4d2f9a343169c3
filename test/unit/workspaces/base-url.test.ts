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

  it('accepts https overrides ending in /platform and normalises them', () => {
    expect(good(resolveBaseUrl('demo', 'https://proxy.example.com/copper/platform'))).toBe(
      'https://proxy.example.com/copper/platform',
    );
    expect(good(resolveBaseUrl('demo', 'https://API.example.com:443/platform/'))).toBe(
      'https://api.example.com/platform',
    );
    expect(good(resolveBaseUrl('production', 'https://api.example.com:8443/platform'))).toBe(
      'https://api.example.com:8443/platform',
    );
  });

  it('refuses plain http, wrong paths, queries, fragments and credentials for real environments', () => {
    expect(bad(resolveBaseUrl('production', 'http://api.copper.co/platform'))).toMatch(/https:\/\//);
    expect(bad(resolveBaseUrl('demo', 'https://api.copper.co/'))).toMatch(/end in \/platform/);
    expect(bad(resolveBaseUrl('demo', 'https://api.copper.co/platformx'))).toMatch(/end in \/platform/);
    expect(bad(resolveBaseUrl('demo', 'https://api.copper.co/platform?x=1'))).toMatch(/query string/);
    expect(bad(resolveBaseUrl('demo', 'https://api.copper.co/platform?'))).toMatch(/query string/);
    expect(bad(resolveBaseUrl('demo', 'https://api.copper.co/platform#top'))).toMatch(/fragment/);
    const creds = bad(resolveBaseUrl('demo', 'https://me:hunter2@api.copper.co/platform'));
    expect(creds).toMatch(/user name or password/);
    expect(creds).not.toContain('hunter2');
    expect(bad(resolveBaseUrl('testnet', 'not a url'))).toMatch(/not a valid URL/);
    expect(bad(resolveBaseUrl('testnet', 'ftp://api.copper.co/platform'))).toMatch(/https:\/\//);
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
    expect(bad(resolveBaseUrl('sandbox', 'https://127.0.0.1:4317/platform'))).toMatch(/http:\/\//);
    expect(bad(resolveBaseUrl('sandbox', 'http://127.0.0.1/platform'))).toMatch(/port/);
    expect(bad(resolveBaseUrl('sandbox', 'http://127.0.0.1:4317/other/platform'))).toMatch(/\/platform root/);
    expect(bad(resolveBaseUrl('sandbox', 'http://127.0.0.1:4317/platform?debug=1'))).toMatch(/query/);
  });
});
