import './updates.css';
import { useEffect } from 'react';
import { useUpdateStore } from '../../state/update-store';

/** "An update is ready": shown above the workspace bar once a downloaded update waits to install. */
export function UpdateBanner() {
  const status = useUpdateStore((s) => s.status);
  const busy = useUpdateStore((s) => s.busy);
  useEffect(() => {
    void useUpdateStore.getState().load();
  }, []);
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
        onClick={() => void useUpdateStore.getState().install(true)}
        data-testid="update-restart"
      >
        Restart and install
      </button>
      {status.installOnQuit ? null : (
        <button
          type="button"
          className="btn small"
          disabled={busy}
          onClick={() => void useUpdateStore.getState().install(false)}
          data-testid="update-on-quit"
        >
          Install when I quit
        </button>
      )}
    </div>
  );
}
