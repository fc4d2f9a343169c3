import { useEffect, type ComponentType } from 'react';
import type { WorkspaceView } from '@shared/contract';
import { TabErrorBoundary } from '../components/TabErrorBoundary';
import { ALL_TABS, type TabId } from '@shared/tabs';
import { useUiStateStore } from '../state/ui-state-store';
import { PortfoliosWalletsView } from '../features/portfolios-wallets/PortfoliosWalletsView';
import { lazyView, preloadWhenIdle } from './lazy-view';

// The default tab is in the main chunk so the first paint needs no extra request; the rest load
// on first use.
const LoansView = lazyView(() => import('../features/loans/LoansView'));
const RiskBoardView = lazyView(() => import('../features/risk/RiskBoardView'));
const AgentWalletsView = lazyView(() => import('../features/agent-wallets/AgentWalletsView'));
const ClearLoopView = lazyView(() => import('../features/clearloop/ClearLoopView'));
const ActivitiesView = lazyView(() => import('../features/activities/ActivitiesView'));
const AddressBookView = lazyView(() => import('../features/address-book/AddressBookView'));
const RequestHistoryView = lazyView(() => import('../features/request-history/RequestHistoryView'));
const WebhooksView = lazyView(() => import('../features/webhooks/WebhooksView'));
const JournalView = lazyView(() => import('../features/journal/JournalView'));
const WorkspacesView = lazyView(() => import('../features/workspaces/WorkspacesView'));

/**
 * In tab-bar order. Not the Workspaces tab: its chunk carries the passphrase-strength dictionary
 * (1.7 MB) and is rarely opened; parsing it on idle could still delay a click that lands meanwhile.
 */
const PRELOAD = [
  LoansView,
  RiskBoardView,
  AgentWalletsView,
  ClearLoopView,
  ActivitiesView,
  AddressBookView,
  RequestHistoryView,
  WebhooksView,
  JournalView,
];
/** After the first tab has painted and settled; each chunk then loads when the renderer is idle. */
const PRELOAD_DELAY_MS = 800;

/**
 * The open tab inside its own error boundary: a tab that fails to render (a value no one foresaw)
 * shows what failed, and the rest of the app stays usable. Keyed by tab, so switching away and
 * back renders the tab afresh.
 */
export function TabView({ tab, workspace }: { tab: TabId; workspace: WorkspaceView }) {
  const label = ALL_TABS.find((t) => t.id === tab)?.label ?? tab;
  // Every tab's code is fetched ahead of time, so that opening one never waits for its chunk.
  useEffect(() => preloadWhenIdle(PRELOAD, PRELOAD_DELAY_MS), []);
  return (
    <TabErrorBoundary
      key={`${workspace.id}:${tab}`}
      label={label}
      onCrash={() => useUiStateStore.getState().markCrashed(workspace.id, tab)}
      onRetry={() => useUiStateStore.getState().clearCrashed(workspace.id, tab)}
    >
      <TabContent tab={tab} workspace={workspace} />
    </TabErrorBoundary>
  );
}

/**
 * One view per tab id. Typed as a record over `TabId` (not a switch without a default) so that a
 * tab id added to src/shared/tabs.ts without a view here fails the type check, instead of
 * compiling and showing a blank tab.
 */
const VIEWS: Record<TabId, ComponentType<{ workspace: WorkspaceView }>> = {
  'portfolios-wallets': PortfoliosWalletsView,
  loans: LoansView,
  risk: RiskBoardView,
  'agent-wallets': AgentWalletsView,
  clearloop: ClearLoopView,
  activities: ActivitiesView,
  'address-book': AddressBookView,
  'request-history': RequestHistoryView,
  webhooks: WebhooksView,
  journal: JournalView,
  workspaces: WorkspacesView,
};

function TabContent({ tab, workspace }: { tab: TabId; workspace: WorkspaceView }) {
  const View = VIEWS[tab];
  return <View workspace={workspace} />;
}
