import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/security/csp';

describe('the content security policy', () => {
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
