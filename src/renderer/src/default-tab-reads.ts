/**
 * The reads boot.ts starts as soon as the workspace list arrives, before the app's code is
 * evaluated: those of the tab the active workspace will open on, prefetched into the query client
 * with the same queryOptions the tab's view then uses. Only the default tab has any today; a tab
 * added here must build its keys with its own `queries.ts`.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { WorkspaceList } from '@shared/contract';
import { DEFAULT_TAB } from '@shared/tabs';
import { pickActive } from './state/active-workspace';
import { prefetchPortfoliosWallets } from './features/portfolios-wallets/queries';

/**
 * From the active workspace's remembered view as the list carries it: a guess made before that
 * view is validated. If the view then asks for something else, these answers go unused and are
 * dropped with the other unused data (state/query-client.ts, INACTIVE_GC_MS).
 */
export function prefetchDefaultTab(client: QueryClient, list: WorkspaceList): void {
  const id = pickActive(list, null);
  const ui = list.workspaces.find((w) => w.id === id)?.uiState;
  if (id === null || ui === undefined) return;
  const tab = typeof ui.tab === 'string' ? ui.tab : DEFAULT_TAB;
  if (tab !== 'portfolios-wallets') return;
  const own = field(field(ui, 'filters'), 'portfolios-wallets');
  prefetchPortfoliosWallets(client, id, field(own, 'nonEmpty') === true);
}

/** `value[name]` when value is a plain object; undefined otherwise. */
function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;
}
