/** Key store statuses and a workspace for the renderer's vault tests, and a render with the status cached. */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import type { KeychainStatus, WorkspaceView } from '../../../../../src/shared/contract';
import { createQueryClient } from '../../../../../src/renderer/src/state/query-client';
import { keychainStatusQuery } from '../../../../../src/renderer/src/state/queries';

export const LOCKED: KeychainStatus = {
  backend: 'vault',
  osKeychainAvailable: false,
  vault: { exists: true, unlocked: false, path: '/data/vault.json' },
};
export const AUTO_LOCKED: KeychainStatus = {
  ...LOCKED,
  vault: { ...LOCKED.vault, autoLocked: { afterMinutes: 15, at: '2026-11-26T12:10:27.000Z' } },
};
export const UNLOCKED: KeychainStatus = { ...LOCKED, vault: { ...LOCKED.vault, unlocked: true } };

export const workspace = (patch: Partial<WorkspaceView> = {}): WorkspaceView => ({
  id: 'ws-1',
  name: 'Production desk',
  environment: 'production',
  baseUrl: 'https://api.copper.co',
  organizationId: 'org-1',
  builtIn: false,
  keyConfigured: false,
  uiState: {},
  createdAt: '2026-11-26T12:00:00.000Z',
  ...patch,
});

/** `node` rendered with the key store's status in the query cache, as the app would hold it. */
export function withStatus(status: KeychainStatus | undefined, node: ReactNode): string {
  const client = createQueryClient();
  if (status) client.setQueryData(keychainStatusQuery.queryKey, status);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, node));
}
