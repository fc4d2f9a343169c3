import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WorkspaceView } from '@shared/contract';
import { markViewSettled } from '../../state/readiness';
import { keychainStatusQuery, workspacesQuery } from '../../state/queries';
import { viewState } from '../../state/query-client';
import { useWorkspaceList } from '../../state/workspace-store';
import { ErrorBanner } from '../../components/ErrorBanner';
import { AddWorkspaceForm } from './AddWorkspaceForm';
import { KeychainPanel } from './KeychainPanel';
import { UpdateSettings } from '../../components/updates/UpdateSettings';
import { OperatorNameSetting } from './OperatorNameSetting';
import { TimeZoneSetting } from './TimeZoneSetting';
import { WorkspaceCard } from './WorkspaceCard';

export default function WorkspacesView({ workspace }: { workspace: WorkspaceView }) {
  const list = useWorkspaceList();
  const recovered = useQuery(workspacesQuery).data?.recoveredFrom;
  // Read again on `workspace-changed` (state/queries.ts): the main side announces a vault that
  // locked itself (idle time, sleep, screen lock) with it, and the unlock form must then show.
  const keychain = useQuery(keychainStatusQuery);
  const keychainError = viewState(keychain).error;
  const [created, setCreated] = useState<WorkspaceView | null>(null);
  const settled = keychain.status !== 'pending';
  useEffect(() => {
    if (settled) markViewSettled();
  }, [settled]);

  return (
    <div className="workspaces-view scroll-y" data-testid="workspaces-view">
      <div className="ws-col">
        {recovered ? (
          <div className="notice">
            A damaged workspace file was set aside ({recovered.reason}):{' '}
            <span className="mono">{recovered.setAsidePath}</span>
          </div>
        ) : null}
        {keychainError ? <ErrorBanner error={keychainError} /> : null}
        <KeychainPanel status={keychain.data ?? null} />
        <AddWorkspaceForm onCreated={setCreated} />
        <OperatorNameSetting />
        <TimeZoneSetting />
        <UpdateSettings />
        {created ? (
          <div className="success" data-testid="workspace-created">
            Created “{created.name}” ({created.environment}) —{' '}
            {created.keyConfigured ? 'key configured. Use “Test connection” on its card.' : 'no key yet.'}
          </div>
        ) : null}
      </div>
      <div className="ws-col">
        {list.map((w) => (
          <WorkspaceCard key={w.id} workspace={w} active={w.id === workspace.id} />
        ))}
      </div>
    </div>
  );
}
