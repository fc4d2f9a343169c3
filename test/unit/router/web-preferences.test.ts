import { describe, expect, it } from 'vitest';
import { mainWindowWebPreferences } from '../../../src/main/security/web-preferences';
import { isAllowedExternalUrl } from '../../../src/main/security/external-links';
import { isAppUrl } from '../../../src/main/security/app-origin';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/security/csp';

describe('Electron window hardening', () => {
  it('isolates the renderer: context isolation, sandbox, no Node integration anywhere', () => {
    expect(mainWindowWebPreferences('/p/index.cjs')).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
      preload: '/p/index.cjs',
    });
  });

  it('opens only https links to allowlisted hosts', () => {
    expect(isAllowedExternalUrl('https://copper.co/')).toBe(true);
    expect(isAllowedExternalUrl('https://docs.copper.co/x')).toBe(true);
    for (const bad of [
      'http://copper.co/',
      'https://copper.co.evil.example/',
      'https://user:pw@copper.co/',
      'https://copper.co:8443/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://copper.co/share',
      'not a url',
    ]) {
      expect(isAllowedExternalUrl(bad), bad).toBe(false);
    }
  });

  it('recognises only the app itself as the app', () => {
    expect(isAppUrl('file:///app/out/renderer/index.html', 'file:///app/out/renderer/index.html')).toBe(true);
    expect(isAppUrl('file:///etc/passwd', 'file:///app/out/renderer/index.html')).toBe(false);
    expect(isAppUrl('http://localhost:5173/#x', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('https://evil.example/', 'http://localhost:5173/')).toBe(false);
  });

  it('has a CSP that forbids inline and remote scripts', () => {
    const policy = cspDirectives(CONTENT_SECURITY_POLICY);
    // Scripts (and the fallback) come from the app only: no inline, eval, wildcard or remote origin.
    for (const name of ['script-src', 'default-src', 'style-src']) {
      expect(policy.get(name), name).toEqual(["'self'"]);
    }
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    for (const sources of policy.values()) {
      expect(sources.filter((v) => /unsafe-|^\*$|^https?:/.test(v))).toEqual([]);
    }
  });

  it('reads a policy the way a browser does (the check above fails on a weakened policy)', () => {
    const weakened = CONTENT_SECURITY_POLICY.replace(
      "script-src 'self'",
      "script-src 'self' 'unsafe-inline'",
    );
    expect(cspDirectives(weakened).get('script-src')).toContain("'unsafe-inline'");
  });
});

/** `directive source source; …` → directive → sources, as a browser splits a policy. */
function cspDirectives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}
