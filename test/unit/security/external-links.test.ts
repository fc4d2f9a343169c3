import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from '../../../src/main/security/external-links';

describe('external links', () => {
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
});
