/**
 * The reads boot.ts starts as soon as the workspace list arrives, before the app's code is
 * evaluated: those of the tab the active workspace will open on (lib/early-calls.ts hands them to
 * the queries). Only the default tab has any today; a tab added here must build its inputs with
 * the same functions its queries use.
 */
import type { WorkspaceList } from '@shared/contract';
import { DEFAULT_TAB } from '@shared/tabs';
import { pickActive } from './state/active-workspace';
import { startPortfoliosWalletsEarly } from './features/portfolios-wallets/calls';

/**
 * From the active workspace's remembered view as the list carries it: a guess made before that
 * view is validated. If the view then asks for something else, these answers go unused and expire.
 */
export function startDefaultTabReads(list: WorkspaceList): void {
  const id = pickActive(list, null);
  const ui = list.workspaces.find((w) => w.id === id)?.uiState;
  if (id === null || ui === undefined) return;
  const tab = typeof ui.tab === 'string' ? ui.tab : DEFAULT_TAB;
  if (tab !== 'portfolios-wallets') return;
  const own = field(field(ui, 'filters'), 'portfolios-wallets');
  startPortfoliosWalletsEarly(id, field(own, 'nonEmpty') === true);
}

/** `value[name]` when value is a plain object; undefined otherwise. */
function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;
}
