/**
 * What the operator is told at start when the OS keychain did not answer: keys of real workspaces
 * then go only to the encrypted vault (never to a plain file), and the dialog says so and how to get
 * the keychain back, instead of a silent fallback.
 */
import type { KeychainStatus } from '../../shared/contract';

export interface Notice {
  title: string;
  message: string;
  detail: string;
}

const HOW_TO_FIX: Partial<Record<NodeJS.Platform, string>> = {
  linux:
    'On Linux the keychain is the Secret Service: start GNOME Keyring or KWallet (install gnome-keyring ' +
    'and libsecret if they are missing), unlock it, then restart Copper Operator.',
  darwin: 'On macOS, unlock the login keychain in Keychain Access, then restart Copper Operator.',
  win32:
    'On Windows, the Credential Manager must be available to your user account; restart Copper Operator after fixing it.',
};

export function keychainUnavailableNotice(status: KeychainStatus, platform: NodeJS.Platform): Notice | null {
  if (status.osKeychainAvailable) return null;
  const reason = status.osKeychainError ? `The keychain answered: ${status.osKeychainError}\n\n` : '';
  return {
    title: 'OS keychain unavailable',
    message: 'The OS keychain is unavailable. API keys will be kept only in the encrypted vault.',
    detail:
      `${reason}` +
      `${status.vault.exists ? 'Unlock the vault' : 'Create a vault with a strong passphrase'} in the Workspaces tab ` +
      'before adding a key to a real workspace. The Local sandbox works without either.\n\n' +
      (HOW_TO_FIX[platform] ?? 'Make the OS keychain available, then restart Copper Operator.'),
  };
}
