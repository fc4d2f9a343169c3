import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  resolveAppRequest,
} from '../../../src/main/security/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/security/csp';
import { isAppUrl } from '../../../src/main/security/app-origin';

const root = join('/opt', 'copper', 'out', 'renderer');

describe('app:// protocol', () => {
  it('is registered as standard and secure, without bypassing the CSP', () => {
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ standard: true, secure: true });
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('bypassCSP');
    expect(APP_ENTRY_URL).toBe('app://copper/index.html');
  });

  it('serves files of the renderer folder with the same CSP as the browser mode', () => {
    const asset = resolveAppRequest('app://copper/assets/index-abc.js', 'GET', root);
    expect(asset).toEqual({
      kind: 'file',
      path: join(root, 'assets', 'index-abc.js'),
      headers: expect.objectContaining({
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
      }),
    });
  });

  it('answers the root and client-side routes with index.html', () => {
    for (const url of ['app://copper/', 'app://copper', 'app://copper/loans/detail']) {
      const decision = resolveAppRequest(url, 'GET', root);
      expect(decision.kind === 'file' && decision.path).toBe(join(root, 'index.html'));
    }
  });

  it('keeps dot segments of the URL inside the renderer folder', () => {
    for (const url of ['app://copper/../../etc/passwd.txt', 'app://copper/%2e%2e/%2e%2e/etc/passwd.txt']) {
      const decision = resolveAppRequest(url, 'GET', root);
      expect(decision.kind === 'file' && decision.path, url).toBe(join(root, 'etc', 'passwd.txt'));
    }
  });

  it('refuses encoded paths that would leave the renderer folder', () => {
    for (const url of [
      'app://copper/assets/..%2f..%2f..%2fetc%2fshadow.txt',
      'app://copper/..%5c..%5cwindows.ini',
    ]) {
      expect(resolveAppRequest(url, 'GET', root).kind, url).toBe('refuse');
    }
  });

  it('refuses another host, another scheme, bad escapes, NUL and writes', () => {
    expect(resolveAppRequest('app://evil/index.html', 'GET', root)).toMatchObject({ status: 403 });
    expect(resolveAppRequest('file:///opt/copper/out/renderer/index.html', 'GET', root)).toMatchObject({
      status: 403,
    });
    expect(resolveAppRequest('app://copper/%E0%A4%A.js', 'GET', root)).toMatchObject({ status: 400 });
    expect(resolveAppRequest('app://copper/index.html%00.js', 'GET', root)).toMatchObject({ status: 400 });
    expect(resolveAppRequest('app://copper/index.html', 'POST', root)).toMatchObject({ status: 405 });
    expect(resolveAppRequest('not a url', 'GET', root)).toMatchObject({ status: 400 });
  });

  it('makes app://copper the app origin for IPC and navigation checks', () => {
    expect(isAppUrl('app://copper/index.html#token', APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://copper/loans', APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://evil/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('file:///opt/copper/out/renderer/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('https://copper/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('app://user:pw@copper/index.html', APP_ENTRY_URL)).toBe(false);
  });
});
