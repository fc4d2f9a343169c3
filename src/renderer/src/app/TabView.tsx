import { lazy } from 'react';
import type { WorkspaceView } from '@shared/contract';
import type { TabId } from './tabs';
import { PortfoliosWalletsView } from '../features/portfolios-wallets/PortfoliosWalletsView';

// The default tab is in the main chunk so the first paint needs no extra request; the rest load
// on first use.
const LoansView = lazy(() => import('../features/loans/LoansView'));
const AgentWalletsView = lazy(() => import('../features/agent-wallets/AgentWalletsView'));
const ClearLoopView = lazy(() => import('../features/clearloop/ClearLoopView'));
const ActivitiesView = lazy(() => import('../features/activities/ActivitiesView'));
const AddressBookView = lazy(() => import('../features/address-book/AddressBookView'));
const RequestHistoryView = lazy(() => import('../features/request-history/RequestHistoryView'));
const WebhooksView = lazy(() => import('../features/webhooks/WebhooksView'));
const WorkspacesView = lazy(() => import('../features/workspaces/WorkspacesView'));

export function TabView({ tab, workspace }: { tab: TabId; workspace: WorkspaceView }) {
  switch (tab) {
    case 'portfolios-wallets':
      return <PortfoliosWalletsView workspace={workspace} />;
    case 'loans':
      return <LoansView workspace={workspace} />;
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
    case 'webhooks':
      return <WebhooksView workspace={workspace} />;
    case 'workspaces':
      return <WorkspacesView workspace={workspace} />;
  }
}
