/** The vault's auto-lock setting, shared by the contract's schema and the renderer's control. */
export const DEFAULT_AUTO_LOCK_MINUTES = 15;
export const MIN_AUTO_LOCK_MINUTES = 1;
/** A working day: past that an unattended unlocked vault is not "idle", it is forgotten. */
export const MAX_AUTO_LOCK_MINUTES = 720;

export interface VaultAutoLock {
  /** The vault locks after this many minutes without a key being used or stored. */
  minutes: number;
}
