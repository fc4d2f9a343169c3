import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PreparedAction, UnsettledAction } from '@shared/actions';
import { formatTime } from '../../lib/format';
import { useTimeZone } from '../../state/ui-state-store';
import { Countdown } from './Countdown';
import { OutcomeView, SettlePanel } from './OutcomeView';
import { subscribeActionEvents, unsettledActionsQuery } from './queries';
import { settledTitle, useVerdicts, type BackgroundAction } from './verdicts';

const NONE: never[] = [];

/** "1 action" / "2 actions". */
const actions = (n: number) => `${n} action${n === 1 ? '' : 's'}`;

/** What the top bar's button says: unknown outcomes first, then what runs or answered in the background. */
export function noticeLabel(unsettled: number, sending: number, answered: number): string | null {
  if (unsettled > 0)
    return `${actions(unsettled)} with unknown outcome${sending > 0 ? ` · ${sending} in the background` : ''}`;
  if (sending > 0) return `Sending ${actions(sending)} in the background`;
  if (answered > 0) return `${answered} background answer${answered === 1 ? '' : 's'} to read`;
  return null;
}

/**
 * Actions whose outcome is unknown stay visible until they are settled: an amber button in the top
 * bar, and a list with "Check now" (or the operator's own finding) for each. An item settled while
 * the list is open stays in it with its verdict (the journal has recorded it) until the list is
 * closed. Actions moved to the background while the platform had not answered are listed too,
 * with their answer once it lands.
 */
export function UnsettledNotice() {
  const unsettled = useQuery(unsettledActionsQuery).data ?? NONE;
  const background = Object.values(useVerdicts((s) => s.background));
  const [open, setOpen] = useState(false);
  // What the open list has shown: an item settled meanwhile stays, with its verdict. Adjusted
  // while rendering when the unknown list changes (React's pattern for state derived from props).
  const [shown, setShown] = useState<UnsettledAction[]>([]);
  const [shownOf, setShownOf] = useState<readonly UnsettledAction[] | null>(null);
  if (open && shownOf !== unsettled) {
    setShownOf(unsettled);
    const ids = new Set(unsettled.map((u) => u.prepared.id));
    setShown([...unsettled, ...shown.filter((u) => !ids.has(u.prepared.id))]);
  }
  const ref = useRef<HTMLDialogElement>(null);
  // Mounted once by the shell: the main side's events about actions keep the list current.
  useEffect(() => subscribeActionEvents(), []);
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open) dialog?.close();
  }, [open]);

  // An unknown answer from the background is in the unknown list already: said once.
  const sending = background.filter((b) => b.result === undefined && b.error === undefined);
  const answered = background.filter((b) => !sending.includes(b) && b.result?.outcome !== 'unknown');
  const label = noticeLabel(unsettled.length, sending.length, answered.length);
  const close = () => {
    setOpen(false);
    setShown([]);
    setShownOf(null);
    // Answers read here leave the list; what is still on its way stays.
    useVerdicts.getState().dismiss(background.filter((b) => !sending.includes(b)).map((b) => b.prepared.id));
  };
  if (label === null && !open) return null;
  return (
    <>
      {label !== null ? (
        <button
          type="button"
          className={unsettled.length > 0 ? 'btn small warn' : 'btn small'}
          data-testid="unsettled-notice"
          onClick={() => setOpen(true)}
          title="Actions whose outcome is unknown, or sent in the background: check them before doing anything else to the same objects"
        >
          {label}
        </button>
      ) : null}
      <dialog
        ref={ref}
        className="confirm-dialog"
        data-testid="unsettled-list"
        aria-labelledby="unsettled-title"
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
      >
        <h2 id="unsettled-title">Actions to follow</h2>
        {open && shown.length > 0 ? (
          <>
            <p className="small">
              Each may or may not have taken effect on the platform. Check before sending anything again.
            </p>
            {shown.map((u) => (
              <UnsettledItem key={u.prepared.id} item={u} />
            ))}
          </>
        ) : null}
        {open && background.length > 0 ? (
          <>
            <h3>Sent in the background</h3>
            {background.map((b) => (
              <BackgroundItem key={b.prepared.id} item={b} />
            ))}
          </>
        ) : null}
        {open && shown.length === 0 && background.length === 0 ? (
          <p className="small muted">Nothing to follow.</p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close} data-testid="unsettled-close">
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}

/** What the action was, on which workspace, and when it was sent. */
function ItemHead({ prepared, sentAt }: { prepared: PreparedAction; sentAt: number }) {
  const zone = useTimeZone();
  return (
    <>
      <h3>
        {prepared.title} · <span className="mono">{prepared.target}</span>
      </h3>
      <p className="small muted">
        {prepared.workspace.name} ({prepared.workspace.environment}) · sent {formatTime(sentAt, zone)}
      </p>
    </>
  );
}

function UnsettledItem({ item }: { item: UnsettledAction }) {
  const settled = useVerdicts((s) => s.settled[item.prepared.id]);
  return (
    <section
      className="unsettled-item"
      data-testid="unsettled-item"
      data-settled={settled?.settled ?? 'open'}
      aria-label={`${item.prepared.title} · ${item.prepared.target}`}
    >
      <ItemHead prepared={item.prepared} sentAt={Number(item.since)} />
      {settled ? (
        <p className={`settled-title settled-${settled.settled}`}>
          <strong data-testid="unsettled-item-verdict">{settledTitle(settled.settled)}</strong>
        </p>
      ) : (
        <p className="small">{item.result.headline}</p>
      )}
      <SettlePanel prepared={item.prepared} result={item.result} />
    </section>
  );
}

function BackgroundItem({ item }: { item: BackgroundAction }) {
  const zone = useTimeZone();
  const { prepared } = item;
  return (
    <section className="unsettled-item" data-testid="background-item">
      <ItemHead prepared={prepared} sentAt={item.startedAt} />
      {item.result ? (
        item.result.outcome === 'unknown' ? (
          <p className="small">Outcome unknown: listed above, to check.</p>
        ) : (
          <OutcomeView prepared={prepared} result={item.result} />
        )
      ) : item.error ? (
        <div className="outcome outcome-not-sent" data-testid="confirm-outcome" data-outcome="not-sent">
          <strong className="outcome-label">Not sent</strong>
          <p>{item.error.message}</p>
        </div>
      ) : (
        <p className="small" data-testid="background-waiting">
          Waiting for the platform: it has until {formatTime(item.deadline, zone)} (
          <Countdown until={String(item.deadline)} />
          ).
        </p>
      )}
    </section>
  );
}
