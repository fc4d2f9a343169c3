import { describe, expect, it } from 'vitest';
import { isAppUrl } from '../../../src/main/security/app-origin';

// The window's own preferences and navigation rules: test/unit/shell/window.test.ts.
describe('the app origin', () => {
  it('recognises only the app itself as the app', () => {
    expect(isAppUrl('file:///app/out/renderer/index.html', 'file:///app/out/renderer/index.html')).toBe(true);
    expect(isAppUrl('file:///etc/passwd', 'file:///app/out/renderer/index.html')).toBe(false);
    expect(isAppUrl('http://localhost:5173/#x', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('https://evil.example/', 'http://localhost:5173/')).toBe(false);
  });
});
