/**
 * The key store's calls that carry a passphrase: create, unlock and lock the vault. Plain
 * functions, never react-query mutations (a mutation keeps its variables in its cache, and a
 * passphrase must not be kept anywhere in this window). The answer is the key store's status,
 * written into its query; the main side's `workspace-changed` then brings each workspace's key state.
 */
import { copper } from '../../lib/api';
import { queryClient } from '../../state/query-client';
import { keychainStatusQuery } from '../../state/queries';

type VaultCall =
  | { call: 'keychain.createVault'; passphrase: string }
  | { call: 'keychain.unlockVault'; passphrase: string }
  | { call: 'keychain.lockVault' };

/** Creates, unlocks or locks the vault; the key store's status shows the answer. */
export async function vaultCall(c: VaultCall, client = queryClient) {
  const res =
    c.call === 'keychain.createVault'
      ? await copper().keychain.createVault({ passphrase: c.passphrase })
      : c.call === 'keychain.unlockVault'
        ? await copper().keychain.unlockVault({ passphrase: c.passphrase })
        : await copper().keychain.lockVault({});
  if (res.ok) client.setQueryData(keychainStatusQuery.queryKey, res.value);
  return res;
}
