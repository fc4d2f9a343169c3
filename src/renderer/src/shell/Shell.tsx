import { Suspense, useEffect, useMemo, useState } from 'react';
import type { WorkspaceView } from '@shared/contract';
import { useReadiness } from '../state/readiness';
import { ALL_TABS, type TabId } from '@shared/tabs';
import { useUiStateStore, useWorkspaceUi } from '../state/ui-state-store';
import { TopBar } from './TopBar';
import { TabBar } from './TabBar';
import { TabView } from './TabView';
import { UpdateBanner } from '../components/updates/UpdateBanner';
import { AlertStrip, type AlertCentreState } from '../features/risk/AlertCentre';

const ENV_BANNER: Record<WorkspaceView['environment'], string | null> = {
  production: 'PRODUCTION — every action moves real funds',
  demo: null,
  testnet: null,
  sandbox: null,
};

/** One workspace's window. Keyed by workspace id in App, so nothing local survives a switch. */
export function Shell({ workspace }: { workspace: WorkspaceView }) {
  const ui = useWorkspaceUi(workspace.id);
  const ready = useReadiness((s) => s.ready);
  const setTab = (tab: TabId) => useUiStateStore.getState().setTab(workspace.id, tab);
  // The alert centre's panel: opened from the top bar's bell or from the strip.
  const [alertsOpen, setAlertsOpen] = useState(false);
  const alerts = useMemo<AlertCentreState>(
    () => ({ open: alertsOpen, setOpen: setAlertsOpen }),
    [alertsOpen],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      // Alt+digit for most tabs; Alt+R for the risk board (the digits are taken).
      const tab = ALL_TABS.find((t) => `Digit${t.key}` === e.code || `Key${t.key}` === e.code);
      if (!tab) return;
      e.preventDefault();
      useUiStateStore.getState().setTab(workspace.id, tab.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [workspace.id]);

  const banner = ENV_BANNER[workspace.environment];
  return (
    <div
      className={`app env-${workspace.environment}`}
      data-env={workspace.environment}
      data-testid="app-shell"
    >
      {banner ? (
        <div className="env-banner" role="note" data-testid="env-banner">
          {banner}
        </div>
      ) : null}
      <UpdateBanner />
      <TopBar workspace={workspace} alerts={alerts} />
      <TabBar active={ui.tab} onSelect={setTab} />
      {/* Under the tab bar, so that the tabs never move: only for loans in default or margin call. */}
      <AlertStrip workspaceId={workspace.id} onOpen={() => setAlertsOpen(true)} />
      <main className="view" data-testid={`view-${ui.tab}`}>
        <Suspense
          fallback={
            <div className="dt-state">
              <span className="spinner" aria-hidden /> Loading…
            </div>
          }
        >
          <TabView tab={ui.tab} workspace={workspace} />
        </Suspense>
      </main>
      {ready ? <div data-testid="app-ready" hidden /> : null}
    </div>
  );
}
