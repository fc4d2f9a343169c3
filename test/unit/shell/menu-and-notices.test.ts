import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { aboutDetail, buildMenuTemplate } from '../../../src/main/shell/menu-template';
import { keychainUnavailableNotice } from '../../../src/main/shell/keychain-notice';
import { ALL_TABS } from '../../../src/shared/tabs';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}
const actions = () => ({ showTab: vi.fn(), showAbout: vi.fn(), openDataFolder: vi.fn(), lockVault: vi.fn() });

describe('application menu', () => {
  it("lists every tab with the renderer's Alt+digit shortcut, without stealing the key", () => {
    const a = actions();
    const items = flatten(buildMenuTemplate({ platform: 'linux', isPackaged: true, actions: a }));
    for (const tab of ALL_TABS) {
      const item = items.find((i) => i.label === tab.label);
      expect(item?.accelerator, tab.label).toBe(`Alt+${tab.key}`);
      expect(item?.registerAccelerator).toBe(false);
      (item?.click as () => void)();
      expect(a.showTab).toHaveBeenLastCalledWith(tab.key);
    }
  });

  it('has an About box on every platform and copy/paste roles', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const a = actions();
      const items = flatten(buildMenuTemplate({ platform, isPackaged: true, actions: a }));
      const about = items.find((i) => i.label === 'About Copper Operator');
      (about?.click as () => void)();
      expect(a.showAbout, platform).toHaveBeenCalledOnce();
      expect(items.some((i) => i.role === 'editMenu')).toBe(true);
    }
  });

  it('offers reload and DevTools only in development', () => {
    const roles = (isPackaged: boolean) =>
      flatten(buildMenuTemplate({ platform: 'linux', isPackaged, actions: actions() })).map((i) => i.role);
    expect(roles(true)).not.toContain('toggleDevTools');
    expect(roles(true)).not.toContain('reload');
    expect(roles(false)).toContain('toggleDevTools');
  });

  it('locks the vault from the menu when the app can', () => {
    const a = actions();
    const lock = flatten(buildMenuTemplate({ platform: 'linux', isPackaged: true, actions: a })).find(
      (i) => i.label === 'Lock vault',
    );
    (lock?.click as () => void)();
    expect(a.lockVault).toHaveBeenCalledOnce();
    const { lockVault: _omit, ...without } = a;
    const items = flatten(buildMenuTemplate({ platform: 'linux', isPackaged: true, actions: without }));
    expect(items.some((i) => i.label === 'Lock vault')).toBe(false);
  });

  it('shows the version and the data folder in the About box', () => {
    const text = aboutDetail({
      version: '0.1.0',
      electron: '39.8.10',
      chrome: '142',
      node: '22',
      platform: 'linux',
      arch: 'x64',
      dataDir: '/home/op/.config/Copper Operator',
      logFile: '/home/op/.config/Copper Operator/logs/main.log',
    });
    expect(text).toContain('Version 0.1.0');
    expect(text).toContain('Data folder: /home/op/.config/Copper Operator');
  });
});

describe('keychain unavailable notice', () => {
  const status = {
    backend: 'vault' as const,
    osKeychainAvailable: false,
    osKeychainError: 'Cannot autolaunch D-Bus without X11 $DISPLAY',
    vault: { exists: false, unlocked: false, path: '/d/vault.json' },
  };

  it('says plainly that keys go only to the vault, why, and how to fix it', () => {
    const notice = keychainUnavailableNotice(status, 'linux');
    expect(notice?.message).toMatch(/keychain is unavailable/i);
    expect(notice?.detail).toContain('Cannot autolaunch D-Bus');
    expect(notice?.detail).toMatch(/Create a vault/);
    expect(notice?.detail).toMatch(/gnome-keyring/);
  });

  it('asks to unlock an existing vault, and says nothing when the keychain works', () => {
    expect(
      keychainUnavailableNotice({ ...status, vault: { ...status.vault, exists: true } }, 'darwin')?.detail,
    ).toMatch(/Unlock the vault/);
    expect(
      keychainUnavailableNotice({ ...status, backend: 'os-keychain', osKeychainAvailable: true }, 'linux'),
    ).toBeNull();
  });
});
