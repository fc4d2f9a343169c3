/**
 * The workspaces tab's calls: creating, editing and removing workspaces and their keys, the key
 * store (vault) and app-wide preferences. Each answer is written into the query cache (the list
 * and the key store's status are app-wide: state/queries.ts), so every view follows it.
 *
 * Calls that carry a secret (an API secret, a vault passphrase) are plain functions, never
 * react-query mutations: a mutation keeps its variables in the mutation cache, and a secret must
 * not be kept anywhere in this window.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CallInput, OperatorNameView } from '@shared/contract';
import type { Result } from '@shared/result';
import { copper } from '../../lib/api';
import { queryClient, unwrap } from '../../state/query-client';
import { putWorkspace, putWorkspaceList, workspacesQuery } from '../../state/queries';

export const operatorNameQuery = queryOptions({
  queryKey: ['preferences.operatorName'] as const,
  queryFn: () => unwrap(copper().preferences.operatorName({})),
});

/** Sets the operator name (null: back to the OS account name); the query shows the answer. */
export async function saveOperatorName(
  name: string | null,
  client = queryClient,
): Promise<Result<OperatorNameView>> {
  const res = await copper().preferences.setOperatorName({ name });
  if (res.ok) client.setQueryData(operatorNameQuery.queryKey, res.value);
  return res;
}

// ---------------------------------------------------------------------------------------------
// Workspaces

export async function createWorkspace(input: CallInput<'workspaces.create'>, client = queryClient) {
  const res = await copper().workspaces.create(input);
  if (res.ok) putWorkspace(client, res.value);
  return res;
}

/** A new base URL or organization makes the main side remove the stored key (`keyRemoved` says so). */
export async function updateWorkspace(input: CallInput<'workspaces.update'>, client = queryClient) {
  const res = await copper().workspaces.update(input);
  if (res.ok) {
    const { keyRemoved: _keyRemoved, ...view } = res.value;
    putWorkspace(client, view);
  }
  return res;
}

export async function removeWorkspace(id: string, client = queryClient) {
  const res = await copper().workspaces.remove({ id });
  if (res.ok) putWorkspaceList(client, res.value);
  return res;
}

export function testConnection(id: string) {
  return copper().workspaces.testConnection({ id });
}

/** Stores a workspace's API key and secret (the secret goes straight to the main side and is not kept). */
export async function setWorkspaceKey(
  workspaceId: string,
  apiKey: string,
  apiSecret: string,
  client = queryClient,
) {
  const res = await copper().keychain.setKey({ workspaceId, apiKey, apiSecret });
  if (res.ok) {
    const view = client.getQueryData(workspacesQuery.queryKey)?.workspaces.find((w) => w.id === workspaceId);
    if (view) putWorkspace(client, { ...view, keyConfigured: true });
  }
  return res;
}

// ---------------------------------------------------------------------------------------------
// The key store

export const autoLockQuery = queryOptions({
  queryKey: ['keychain.autoLock'] as const,
  queryFn: () => unwrap(copper().keychain.autoLock({})),
});

// Creating, unlocking and locking the vault: components/vault/queries.ts (every screen that needs a key unlocks).

export async function setAutoLock(minutes: number, client = queryClient) {
  const res = await copper().keychain.setAutoLock({ minutes });
  if (res.ok) client.setQueryData(autoLockQuery.queryKey, res.value);
  return res;
}
