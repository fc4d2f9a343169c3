import { describe, expect, it } from 'vitest';
import { isPermissionAllowed } from '../../../src/main/security/permissions';
import { decideWindowOpen, mayNavigate } from '../../../src/main/security/navigation';
import { APP_ENTRY_URL } from '../../../src/main/security/app-protocol';

describe('permission handler', () => {
  it('grants the app only the clipboard write it uses', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://copper/index.html', APP_ENTRY_URL)).toBe(
      true,
    );
  });

  it('denies every other permission, even to the app', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'midiSysex',
      'pointerLock',
      'fullscreen',
      'openExternal',
      'clipboard-read',
      'hid',
      'serial',
      'usb',
      'display-capture',
      'idle-detection',
      'unknown',
    ]) {
      expect(isPermissionAllowed(permission, 'app://copper/index.html', APP_ENTRY_URL), permission).toBe(
        false,
      );
    }
  });

  it('denies the clipboard to any page that is not the app', () => {
    for (const origin of ['https://evil.example/', 'file:///tmp/x.html', 'app://other/', '']) {
      expect(isPermissionAllowed('clipboard-sanitized-write', origin, APP_ENTRY_URL), origin).toBe(false);
    }
  });
});

describe('navigation lock', () => {
  it('lets the window move only within the app origin', () => {
    expect(mayNavigate('app://copper/index.html#loans', APP_ENTRY_URL)).toBe(true);
    expect(mayNavigate('https://copper.co/', APP_ENTRY_URL)).toBe(false);
    expect(mayNavigate('file:///etc/passwd', APP_ENTRY_URL)).toBe(false);
    expect(mayNavigate('javascript:alert(1)', APP_ENTRY_URL)).toBe(false);
    expect(mayNavigate('http://127.0.0.1:5173/', APP_ENTRY_URL)).toBe(false);
    expect(mayNavigate('http://127.0.0.1:5173/x', 'http://127.0.0.1:5173/')).toBe(true);
  });

  it('never opens a window; hands only allow-listed https links to the OS browser', () => {
    expect(decideWindowOpen('https://docs.copper.co/api')).toEqual({
      action: 'deny',
      openExternally: 'https://docs.copper.co/api',
    });
    for (const url of [
      'https://evil.example/',
      'http://docs.copper.co/',
      'https://docs.copper.co.evil.example/',
      'https://user@docs.copper.co/',
      'file:///etc/passwd',
      'app://copper/index.html',
      'smb://share/x',
    ]) {
      expect(decideWindowOpen(url), url).toEqual({ action: 'deny', openExternally: null });
    }
  });
});
