/** "No key" and "the vault is locked" told apart (issue 29.4), by the rule the main side picks a store with. */
import { describe, expect, it } from 'vitest';
import type { KeychainStatus } from '../../../../../src/shared/contract';
import {
  autoLockText,
  keyState,
  vaultLocked,
  type KeyState,
} from '../../../../../src/renderer/src/components/vault/key-state';

const status = (
  osKeychainAvailable: boolean,
  vault: Partial<KeychainStatus['vault']> = {},
): KeychainStatus => ({
  backend: osKeychainAvailable ? 'os-keychain' : 'vault',
  osKeychainAvailable,
  vault: { exists: true, unlocked: false, path: '/data/vault.json', ...vault },
});
const AUTO = { afterMinutes: 15, at: '2026-11-26T12:10:27.000Z' };
const none = { keyConfigured: false, builtIn: false };

describe('keyState', () => {
  it.each<[string, { keyConfigured: boolean; builtIn: boolean }, KeychainStatus | undefined, KeyState]>([
    ['a stored key', { keyConfigured: true, builtIn: false }, status(false), 'configured'],
    ['the built-in sandbox', { keyConfigured: false, builtIn: true }, undefined, 'configured'],
    ['no status yet', none, undefined, 'unknown'],
    ['the OS keychain answers, no key in it', none, status(true), 'missing'],
    [
      'a locked vault beside a working OS keychain is not asked',
      none,
      status(true, { unlocked: false }),
      'missing',
    ],
    ['no OS keychain, vault unlocked, no key in it', none, status(false, { unlocked: true }), 'missing'],
    ['no OS keychain, vault locked', none, status(false), 'vault-locked'],
    ['no OS keychain, auto-locked vault', none, status(false, { autoLocked: AUTO }), 'vault-locked'],
    ['no OS keychain and no vault', none, status(false, { exists: false }), 'no-store'],
  ])('%s', (_name, workspace, keychain, expected) => {
    expect(keyState(workspace, keychain)).toBe(expected);
  });
});

describe('vaultLocked and autoLockText', () => {
  it('a vault is locked only when it exists and is not unlocked', () => {
    expect(vaultLocked(undefined)).toBe(false);
    expect(vaultLocked(status(false))).toBe(true);
    expect(vaultLocked(status(true))).toBe(true);
    expect(vaultLocked(status(false, { unlocked: true }))).toBe(false);
    expect(vaultLocked(status(false, { exists: false }))).toBe(false);
  });

  it('says the vault locked itself, and after how long; nothing for a lock by the operator', () => {
    expect(autoLockText(status(false, { autoLocked: AUTO }))).toBe('Auto-locked after 15 idle minutes');
    expect(autoLockText(status(false, { autoLocked: { ...AUTO, afterMinutes: 1 } }))).toBe(
      'Auto-locked after 1 idle minute',
    );
    expect(autoLockText(status(false))).toBeNull();
    expect(autoLockText(undefined)).toBeNull();
    // Unlocked again since: no longer true.
    expect(autoLockText(status(false, { unlocked: true, autoLocked: AUTO }))).toBeNull();
  });
});
