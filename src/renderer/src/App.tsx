import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWorkspaceStore } from './state/workspace-store';
import { flushUiStateSaves } from './state/ui-state-store';
import { subscribeAppEvents, workspacesQuery } from './state/queries';
import { toAppError } from './state/query-client';
import { useActionStore } from './components/actions/action-store';
import { ActionDialogHost } from './components/actions/ActionDialog';
import { ErrorBanner } from './components/ErrorBanner';
import { subscribeUpdateStatus } from './components/updates/queries';
import { Shell } from './shell/Shell';
import { subscribeWebhooks } from './features/webhooks/queries';
import { subscribeRiskEvents } from './features/risk/queries';

export function App() {
  const client = useQueryClient();
  const list = useQuery(workspacesQuery);
  const activeId = useWorkspaceStore((s) => s.activeId);
  const active = list.data?.workspaces.find((w) => w.id === activeId);

  useEffect(() => {
    // The main side's events, into the query cache (the list itself was asked for by boot.ts).
    const offs = [
      subscribeAppEvents(client),
      subscribeWebhooks(client),
      subscribeUpdateStatus(client),
      // Risk alerts (in-app notices, browser notifications) arrive whatever tab is open.
      subscribeRiskEvents(client),
    ];
    const onHide = () => flushUiStateSaves();
    window.addEventListener('pagehide', onHide);
    return () => {
      offs.forEach((off) => off());
      window.removeEventListener('pagehide', onHide);
    };
  }, [client]);

  // A confirmation belongs to the workspace it was opened in: switching away cancels it.
  useEffect(() => {
    const open = useActionStore.getState().open;
    if (open && open.prepared.workspace.id !== activeId) useActionStore.getState().close();
  }, [activeId]);

  if (list.status === 'error' && !active) {
    return (
      <div className="fatal">
        <h1>Copper Operator</h1>
        <ErrorBanner error={toAppError(list.error)} onRetry={() => void list.refetch()} />
      </div>
    );
  }
  if (!active) {
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
