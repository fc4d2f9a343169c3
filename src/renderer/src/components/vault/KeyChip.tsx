/**
 * The top bar's word on the active workspace's key (issue 29.4): "Vault locked — unlock" when the
 * vault holding it is locked (never "No API key", which would invite replacing a key that is only
 * locked), "No API key — configure" when none is stored. Nothing when a key is there, or while the
 * key store's status is not known yet.
 */
import { useQuery } from '@tanstack/react-query';
import type { WorkspaceView } from '@shared/contract';
import { keychainStatusQuery } from '../../state/queries';
import { useUiStateStore } from '../../state/ui-state-store';
import { keyState } from './key-state';
import { VaultLockedChip } from './VaultLocked';

export function KeyChip({ workspace }: { workspace: WorkspaceView }) {
  const state = keyState(workspace, useQuery(keychainStatusQuery).data);
  if (state === 'vault-locked') return <VaultLockedChip />;
  if (state !== 'missing' && state !== 'no-store') return null;
  return (
    <button
      type="button"
      className="btn small warn"
      data-testid="key-missing"
      onClick={() => useUiStateStore.getState().setTab(workspace.id, 'workspaces')}
    >
      No API key — configure
    </button>
  );
}
