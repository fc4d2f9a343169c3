import './updates.css';
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBanner } from '../ErrorBanner';
import { toAppError } from '../../state/query-client';
import { installUpdate, updateStatusQuery } from './queries';
import { useUpdateBusy } from './use-update-busy';

/** "An update is ready": shown above the workspace bar once a downloaded update waits to install. */
export function UpdateBanner() {
  const status = useQuery(updateStatusQuery).data;
  const install = useMutation(installUpdate(useQueryClient()));
  const busy = useUpdateBusy();
  if (status?.state !== 'ready') return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <span>
        Copper Operator {status.availableVersion} is ready to install
        {status.installOnQuit ? ': it installs when you quit.' : '.'}
      </span>
      <InstallButton primary busy={busy} testId="update-restart" onClick={() => install.mutate(true)}>
        Restart and install
      </InstallButton>
      {status.installOnQuit ? null : (
        <InstallButton busy={busy} testId="update-on-quit" onClick={() => install.mutate(false)}>
          Install when I quit
        </InstallButton>
      )}
      {install.error ? <ErrorBanner error={toAppError(install.error)} testId="update-install-error" /> : null}
    </div>
  );
}

function InstallButton({
  primary = false,
  busy,
  testId,
  onClick,
  children,
}: {
  primary?: boolean;
  busy: boolean;
  testId: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={primary ? 'btn small primary' : 'btn small'}
      disabled={busy}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
