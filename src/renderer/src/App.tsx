import { useEffect } from 'react';
import { useWorkspaceStore } from './state/workspace-store';
import { flushUiStateSaves } from './state/ui-state-store';
import { useActionStore } from './components/actions/action-store';
import { ActionDialogHost } from './components/actions/ActionDialog';
import { ErrorBanner } from './components/ErrorBanner';
import { Shell } from './shell/Shell';
import { copper } from './lib/api';
import { subscribeProgress } from './lib/progress-store';
import { subscribeWebhooks } from './features/webhooks/store';
import { installRiskAlerts } from './features/risk/alerts';
import { prefetchPortfoliosWallets } from './features/portfolios-wallets/queries';
import { useUiStateStore } from './state/ui-state-store';
import { DEFAULT_TAB } from '@shared/tabs';

/** Starts the active workspace's default tab's data as soon as the workspace is known. */
export function prefetchActiveTab(activeId: string): void {
  const ui = useUiStateStore.getState().byWs[activeId];
  if ((ui?.tab ?? DEFAULT_TAB) === 'portfolios-wallets')
    prefetchPortfoliosWallets(
      activeId,
      ui?.filters['portfolios-wallets'] as { nonEmpty?: unknown } | undefined,
    );
}

export function App() {
  const status = useWorkspaceStore((s) => s.status);
  const error = useWorkspaceStore((s) => s.error);
  const active = useWorkspaceStore((s) => s.list.find((w) => w.id === s.activeId));

  useEffect(() => {
    // The workspace list is loaded by app-root.tsx before the first render (boot.ts asked for it).
    const off = copper().events.on('workspace-changed', (list) => useWorkspaceStore.getState().apply(list));
    const offProgress = subscribeProgress();
    const offWebhooks = subscribeWebhooks();
    // Risk alerts (in-app notices, browser notifications) arrive whatever tab is open.
    installRiskAlerts();
    const onHide = () => flushUiStateSaves();
    window.addEventListener('pagehide', onHide);
    return () => {
      off();
      offProgress();
      offWebhooks();
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  const activeId = active?.id;

  // A confirmation belongs to the workspace it was opened in: switching away cancels it.
  useEffect(() => {
    const open = useActionStore.getState().open;
    if (open && open.prepared.workspace.id !== activeId) useActionStore.getState().close();
  }, [activeId]);

  if (status === 'error' && error) {
    return (
      <div className="fatal">
        <h1>Copper Operator</h1>
        <ErrorBanner error={error} onRetry={() => void useWorkspaceStore.getState().load()} />
      </div>
    );
  }
  if (status === 'loading' || !active) {
    return (
      <div className="fatal" data-testid="app-loading">
        <span className="spinner" aria-hidden /> Loading workspaces…
      </div>
    );
  }
  return (
    <>
      <Shell key={active.id} workspace={active} />
      <ActionDialogHost />
    </>
  );
}
