/**
 * Why a workspace has, or seems not to have, a key (issue 29.4). The main side answers
 * `keyConfigured: false` both when no key is stored and when it cannot look (a locked vault, no
 * store at all); the key store's status tells them apart, by the rule the main side's KeyService
 * picks a store with: the built-in sandbox's key is in memory; else the OS keychain when it
 * answered; else the vault when it is unlocked; a locked vault hides whatever it holds.
 */
import type { KeychainStatus, WorkspaceView } from '@shared/contract';

export type KeyState =
  /** A key is stored and readable (the built-in sandbox's always is). */
  | 'configured'
  /** Nothing stored for this workspace in a store that can be read. */
  | 'missing'
  /** The vault is locked: whether it holds a key for this workspace cannot be told. */
  | 'vault-locked'
  /** No OS keychain and no vault yet: nowhere to keep a key. */
  | 'no-store'
  /** The key store's status is not known yet. */
  | 'unknown';

export function keyState(
  w: Pick<WorkspaceView, 'keyConfigured' | 'builtIn'>,
  status: KeychainStatus | undefined,
): KeyState {
  if (w.keyConfigured || w.builtIn) return 'configured';
  if (!status) return 'unknown';
  if (status.osKeychainAvailable) return 'missing';
  if (!status.vault.exists) return 'no-store';
  return status.vault.unlocked ? 'missing' : 'vault-locked';
}

/** Whether the vault exists and is locked (the keys in it cannot be used). */
export function vaultLocked(status: KeychainStatus | undefined): boolean {
  return !!status && status.vault.exists && !status.vault.unlocked;
}

/** "auto-locked after 15 idle minutes" when the vault locked itself, else null. */
export function autoLockText(status: KeychainStatus | undefined): string | null {
  const auto = vaultLocked(status) ? status?.vault.autoLocked : undefined;
  if (!auto) return null;
  const minutes = auto.afterMinutes === 1 ? '1 idle minute' : `${auto.afterMinutes} idle minutes`;
  return `Auto-locked after ${minutes}`;
}
