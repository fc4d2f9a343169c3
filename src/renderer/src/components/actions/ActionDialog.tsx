import { useEffect, useRef, useState } from 'react';
import type { ActionResult } from '@shared/actions';
import type { AppError } from '@shared/result';
import { formatTime } from '../../lib/format';
import { useTimeZone } from '../../state/ui-state-store';
import { useActionStore, type OpenAction } from './action-store';
import { Countdown } from './Countdown';
import { ActionErrorBanner, OutcomeView } from './OutcomeView';
import { PreparedSummary, RequestSection } from './PreparedRequest';
import { executeAction } from './queries';
import { useVerdicts } from './verdicts';

type Phase =
  | { kind: 'ask' }
  /** `deadline`: epoch ms until which the platform has to answer (null: not known). */
  | { kind: 'sending'; sentAt: number; deadline: number | null }
  | { kind: 'outcome'; result: ActionResult }
  | { kind: 'not-sent'; error: AppError };

/** Mounted once by the shell; shows the prepared action waiting for confirmation, if any. */
export function ActionDialogHost() {
  const open = useActionStore((s) => s.open);
  if (!open) return null;
  // Keyed by the one-shot id: a new action never inherits the phrase typed for the previous one.
  return <ActionDialog key={open.prepared.id} open={open} />;
}

const usable = (el: Element | null | undefined): el is HTMLElement =>
  el instanceof HTMLElement && el.isConnected && !(el as HTMLButtonElement).disabled;

/**
 * Back to the control that opened the confirmation; when it is gone (its form closed), to the
 * button of the same kind of action, when it is still usable.
 */
function returnFocus(open: OpenAction): void {
  const kindButton = document.querySelector(`[data-testid="action-${open.prepared.kind}"]`);
  const target = [open.returnFocus, kindButton].find(usable);
  target?.focus();
}

/**
 * Shows the prepared request, exactly as the main side will sign and send it: the environment,
 * workspace, method, URL, media type and every body field. Its button names the action. On
 * production the operator types the workspace's name; it travels with `execute` and the main side
 * checks it. While the platform has not answered, the dialog says until when it has, and can be
 * moved to the background: the answer then lands in the top bar's list (and the journal).
 */
function ActionDialog({ open }: { open: OpenAction }) {
  const { prepared } = open;
  const ref = useRef<HTMLDialogElement>(null);
  const backgrounded = useRef(false);
  const [typed, setTyped] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' });
  const [now, setNow] = useState(() => Date.now());
  const close = useActionStore((s) => s.close);
  const ws = prepared.workspace;
  const expired = now > Number(prepared.expiresAt);
  const phrase = prepared.phraseRequired;
  const canSend = phase.kind === 'ask' && !expired && (phrase === null || typed === phrase);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first focusable element (a <summary>, say): the phrase, or the button.
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog?.close();
      returnFocus(open);
    };
  }, [open]);
  useEffect(() => {
    if (phase.kind !== 'ask') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [phase.kind]);

  const send = async () => {
    if (!canSend) return;
    const sentAt = Date.now();
    const deadline = prepared.answerWithinMs === undefined ? null : sentAt + prepared.answerWithinMs;
    setPhase({ kind: 'sending', sentAt, deadline });
    const res = await executeAction({ id: prepared.id, ...(phrase !== null ? { phrase: typed } : {}) });
    if (backgrounded.current)
      useVerdicts.getState().landed(prepared.id, res.ok ? { result: res.value } : { error: res.error });
    if (!res.ok) {
      setPhase({ kind: 'not-sent', error: res.error });
      return;
    }
    setPhase({ kind: 'outcome', result: res.value });
    open.onResult?.(res.value, prepared);
  };

  /** Closes the dialog; the request goes on, and its answer lands in the top bar's list. */
  const toBackground = () => {
    if (phase.kind !== 'sending') return;
    backgrounded.current = true;
    useVerdicts.getState().sendInBackground({
      prepared,
      startedAt: phase.sentAt,
      deadline: phase.deadline ?? phase.sentAt,
    });
    close();
  };

  return (
    <dialog
      ref={ref}
      className={`confirm-dialog env-${ws.environment}`}
      data-testid="confirm-dialog"
      data-action-id={prepared.id}
      aria-labelledby="confirm-title"
      onCancel={(e) => {
        e.preventDefault();
        // Esc while the request is in flight moves it to the background: its outcome is kept.
        if (phase.kind === 'sending') toBackground();
        else close();
      }}
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <h2 id="confirm-title">{prepared.title}</h2>
        <PreparedSummary prepared={prepared} />
        <RequestSection prepared={prepared} summaryLines={open.summaryLines} />
        {phase.kind === 'ask' ? (
          expired ? (
            <p className="field-error" data-testid="confirm-expired">
              This prepared request has expired. Nothing was sent: close it and review the action again.
            </p>
          ) : (
            <p className="small muted" data-testid="confirm-expiry">
              Sent at most once. Valid for <Countdown until={prepared.expiresAt} />.
            </p>
          )
        ) : null}
        {phrase !== null && phase.kind === 'ask' && !expired ? (
          <PhraseField phrase={phrase} typed={typed} onType={setTyped} />
        ) : null}
        {phase.kind === 'sending' ? <Waiting deadline={phase.deadline} /> : null}
        {phase.kind === 'outcome' ? <OutcomeView prepared={prepared} result={phase.result} /> : null}
        {phase.kind === 'not-sent' ? (
          <div className="outcome outcome-not-sent" data-testid="confirm-outcome" data-outcome="not-sent">
            <strong className="outcome-label" data-testid="outcome-title">
              Not sent
            </strong>
            <ActionErrorBanner error={phase.error} testId="confirm-error" />
          </div>
        ) : null}
        <div className="dialog-actions">
          {phase.kind === 'ask' ? (
            <>
              <button type="button" className="btn" onClick={close}>
                Back
              </button>
              <button
                type="submit"
                className={ws.environment === 'production' ? 'btn danger' : 'btn primary'}
                data-testid="confirm-submit"
                disabled={!canSend}
                data-autofocus={phrase === null ? '' : undefined}
              >
                {prepared.title}
              </button>
            </>
          ) : phase.kind === 'sending' ? (
            <>
              <button
                type="button"
                className="btn"
                onClick={toBackground}
                data-testid="confirm-background"
                autoFocus
              >
                Move to the background
              </button>
              <button type="submit" className="btn primary" data-testid="confirm-submit" disabled>
                Sending…
              </button>
            </>
          ) : (
            <button type="button" className="btn" onClick={close} data-testid="confirm-close" autoFocus>
              Close
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}

/** The phrase production asks for: the workspace's name, typed exactly, in a labelled field. */
function PhraseField({ phrase, typed, onType }: { phrase: string; typed: string; onType(v: string): void }) {
  return (
    <div className="field confirm-type">
      <p id="confirm-phrase-help" className="small">
        This changes <strong>production</strong>. To confirm, type the workspace&apos;s name,{' '}
        <code data-testid="confirm-phrase">{phrase}</code>, exactly as shown.
      </p>
      <label htmlFor="confirm-phrase-input">Workspace name, to confirm</label>
      <input
        id="confirm-phrase-input"
        data-autofocus=""
        data-testid="confirm-type"
        aria-describedby="confirm-phrase-help"
        value={typed}
        onChange={(e) => onType(e.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}

/** "Sent. Waiting for the platform's answer: the platform has until 12:10:41 UTC (24 s)." */
function Waiting({ deadline }: { deadline: number | null }) {
  const zone = useTimeZone();
  return (
    <p className="small" data-testid="confirm-waiting" role="status">
      Sent. Waiting for the platform&apos;s answer
      {deadline !== null ? (
        <>
          : the platform has until {formatTime(deadline, zone).slice(11)} (
          <Countdown until={String(deadline)} />)
        </>
      ) : null}
      . You can move it to the background: its answer will be listed in the top bar.
    </p>
  );
}
