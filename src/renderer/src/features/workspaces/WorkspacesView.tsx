import { useState } from 'react';
import type { KeychainStatus, WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { markViewSettled } from '../../state/readiness';
import { useWorkspaceStore } from '../../state/workspace-store';
import { ErrorBanner } from '../../components/ErrorBanner';
import { copper } from '../../lib/api';
import { AddWorkspaceForm } from './AddWorkspaceForm';
import { KeychainPanel } from './KeychainPanel';
import { UpdateSettings } from '../../components/updates/UpdateSettings';
import { OperatorNameSetting } from './OperatorNameSetting';
import { WorkspaceCard } from './WorkspaceCard';
import { useAnswer } from '../../components/view-kit';

export default function WorkspacesView({ workspace }: { workspace: WorkspaceView }) {
  const list = useWorkspaceStore((s) => s.list);
  const recovered = useWorkspaceStore((s) => s.recoveredFrom);
  const [keychain, setKeychain] = useState<KeychainStatus | null>(null);
  const [keychainError, setKeychainError] = useState<AppError | null>(null);
  const [created, setCreated] = useState<WorkspaceView | null>(null);

  // Asked again whenever the list changes: the main side announces a vault that locked itself
  // (idle time, sleep, screen lock) with `workspace-changed`, and the unlock form must then show.
  useAnswer(
    list,
    () => copper().keychain.status({}),
    (res) => {
      if (res.ok) setKeychain(res.value);
      else setKeychainError(res.error);
      markViewSettled();
    },
  );

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
        <KeychainPanel status={keychain} onStatus={setKeychain} />
        <AddWorkspaceForm onCreated={setCreated} />
        <OperatorNameSetting />
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
