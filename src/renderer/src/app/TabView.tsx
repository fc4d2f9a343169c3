import { lazy } from 'react';
import type { WorkspaceView } from '@shared/contract';
import { TabErrorBoundary } from '../components/TabErrorBoundary';
import { ALL_TABS, type TabId } from '@shared/tabs';
import { useUiStateStore } from './ui-state-store';
import { PortfoliosWalletsView } from '../features/portfolios-wallets/PortfoliosWalletsView';

// The default tab is in the main chunk so the first paint needs no extra request; the rest load
// on first use.
const LoansView = lazy(() => import('../features/loans/LoansView'));
const RiskBoardView = lazy(() => import('../features/risk/RiskBoardView'));
const AgentWalletsView = lazy(() => import('../features/agent-wallets/AgentWalletsView'));
const ClearLoopView = lazy(() => import('../features/clearloop/ClearLoopView'));
const ActivitiesView = lazy(() => import('../features/activities/ActivitiesView'));
const AddressBookView = lazy(() => import('../features/address-book/AddressBookView'));
const RequestHistoryView = lazy(() => import('../features/request-history/RequestHistoryView'));
const WebhooksView = lazy(() => import('../features/webhooks/WebhooksView'));
const JournalView = lazy(() => import('../features/journal/JournalView'));
const WorkspacesView = lazy(() => import('../features/workspaces/WorkspacesView'));

/**
 * The open tab inside its own error boundary: a tab that fails to render (a value no one foresaw)
 * shows what failed, and the rest of the app stays usable. Keyed by tab, so switching away and
 * back renders the tab afresh.
 */
export function TabView({ tab, workspace }: { tab: TabId; workspace: WorkspaceView }) {
  const label = ALL_TABS.find((t) => t.id === tab)?.label ?? tab;
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

function TabContent({ tab, workspace }: { tab: TabId; workspace: WorkspaceView }) {
  switch (tab) {
    case 'portfolios-wallets':
      return <PortfoliosWalletsView workspace={workspace} />;
    case 'loans':
      return <LoansView workspace={workspace} />;
    case 'risk':
      return <RiskBoardView workspace={workspace} />;
    case 'agent-wallets':
      return <AgentWalletsView workspace={workspace} />;
    case 'clearloop':
      return <ClearLoopView workspace={workspace} />;
    case 'activities':
      return <ActivitiesView workspace={workspace} />;
    case 'address-book':
      return <AddressBookView workspace={workspace} />;
    case 'request-history':
      return <RequestHistoryView workspace={workspace} />;
    case 'journal':
      return <JournalView workspace={workspace} />;
    case 'webhooks':
      return <WebhooksView workspace={workspace} />;
    case 'workspaces':
      return <WorkspacesView workspace={workspace} />;
  }
}
