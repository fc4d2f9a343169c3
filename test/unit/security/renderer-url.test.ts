import { describe, expect, it } from 'vitest';
import { chooseRendererUrl } from '../../../src/main/security/renderer-url';

describe('ELECTRON_RENDERER_URL (issue 17.7)', () => {
  it('is ignored by a packaged app, whatever it says', () => {
    for (const devServerUrl of [
      'http://127.0.0.1:5173/',
      'https://attacker.example/',
      'file:///tmp/x.html',
    ]) {
      expect(chooseRendererUrl({ isPackaged: true, devServerUrl })).toBe('app://copper/index.html');
    }
  });

  it('is honoured in development for a loopback http dev server', () => {
    expect(chooseRendererUrl({ isPackaged: false, devServerUrl: 'http://localhost:5173' })).toBe(
      'http://localhost:5173/',
    );
    expect(chooseRendererUrl({ isPackaged: false, devServerUrl: 'http://127.0.0.1:5173/' })).toBe(
      'http://127.0.0.1:5173/',
    );
  });

  it('falls back to app:// when unset, malformed or not a loopback http URL', () => {
    for (const devServerUrl of [
      undefined,
      '',
      'not a url',
      'https://attacker.example/',
      'http://attacker.example:5173/',
      'http://u:p@127.0.0.1:5173/',
      'file:///tmp/x.html',
    ]) {
      expect(chooseRendererUrl({ isPackaged: false, devServerUrl }), String(devServerUrl)).toBe(
        'app://copper/index.html',
      );
    }
  });
});
