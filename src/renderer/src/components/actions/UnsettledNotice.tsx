import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SettlePanel } from './OutcomeView';
import { subscribeActionEvents, unsettledActionsQuery } from './queries';

const NONE: never[] = [];

/**
 * Actions whose outcome is unknown stay visible until they are settled: an amber button in the top
 * bar, and a list with "Check now" (or the operator's own finding) for each.
 */
export function UnsettledNotice() {
  const unsettled = useQuery(unsettledActionsQuery).data ?? NONE;
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  // Mounted once by the shell: the main side's events about actions keep the list current.
  useEffect(() => subscribeActionEvents(), []);
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open) dialog?.close();
  }, [open]);
  if (unsettled.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="btn small warn"
        data-testid="unsettled-notice"
        onClick={() => setOpen(true)}
        title="Actions whose outcome is unknown: check them before doing anything else to the same objects"
      >
        {unsettled.length} action{unsettled.length === 1 ? '' : 's'} with unknown outcome
      </button>
      <dialog
        ref={ref}
        className="confirm-dialog"
        data-testid="unsettled-list"
        onCancel={() => setOpen(false)}
      >
        <h2>Actions with an unknown outcome</h2>
        <p className="small">
          Each may or may not have taken effect on the platform. Check before sending anything again.
        </p>
        {unsettled.map((u) => (
          <section key={u.prepared.id} className="unsettled-item" data-testid="unsettled-item">
            <h3>
              {u.prepared.title} · <span className="mono">{u.prepared.target}</span>
            </h3>
            <p className="small muted">
              {u.prepared.workspace.name} ({u.prepared.workspace.environment}) · sent{' '}
              {new Date(Number(u.since)).toLocaleString()}
            </p>
            <p className="small">{u.result.headline}</p>
            <SettlePanel prepared={u.prepared} result={u.result} />
          </section>
        ))}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => setOpen(false)} data-testid="unsettled-close">
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
