import './updates.css';
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
      <button
        type="button"
        className="btn small primary"
        disabled={busy}
        onClick={() => install.mutate(true)}
        data-testid="update-restart"
      >
        Restart and install
      </button>
      {status.installOnQuit ? null : (
        <button
          type="button"
          className="btn small"
          disabled={busy}
          onClick={() => install.mutate(false)}
          data-testid="update-on-quit"
        >
          Install when I quit
        </button>
      )}
      {install.error ? <ErrorBanner error={toAppError(install.error)} testId="update-install-error" /> : null}
    </div>
  );
}
