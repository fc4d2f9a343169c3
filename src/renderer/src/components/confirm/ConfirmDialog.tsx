import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../ErrorBanner';
import { useConfirmStore, type ConfirmRequest } from './confirm-store';

/** Typed, exactly (case and whole word), before anything is sent to a production workspace. */
const CONFIRM_WORD = 'production';

type Phase =
  | { kind: 'ask' }
  | { kind: 'running' }
  | { kind: 'done'; summary: string }
  | { kind: 'failed'; error: AppError };

/** Mounted once by the shell; shows the current confirmation request, if any. */
export function ConfirmHost() {
  const request = useConfirmStore((s) => s.request);
  if (!request) return null;
  // Keyed so that a new request never inherits the typed confirmation of the previous one.
  return <ConfirmDialog key={request.key + request.title} request={request} />;
}

function ConfirmDialog({ request }: { request: ConfirmRequest }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' });
  const close = useConfirmStore((s) => s.close);
  const ws = request.workspace;
  const production = ws.environment === 'production';
  const canConfirm = phase.kind === 'ask' && (!production || typed === CONFIRM_WORD);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const confirm = async () => {
    if (!canConfirm) return;
    const store = useConfirmStore.getState();
    if (!store.begin(request.key)) return;
    setPhase({ kind: 'running' });
    try {
      const outcome = await request.run();
      setPhase(
        outcome.ok ? { kind: 'done', summary: outcome.summary } : { kind: 'failed', error: outcome.error },
      );
    } finally {
      store.end(request.key);
    }
  };

  return (
    <dialog
      ref={ref}
      className={`confirm-dialog env-${ws.environment}`}
      data-testid="confirm-dialog"
      aria-labelledby="confirm-title"
      onCancel={(e) => {
        // Esc while the request is in flight would hide its outcome; keep the dialog.
        if (phase.kind === 'running') e.preventDefault();
        else close();
      }}
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <h2 id="confirm-title">{request.title}</h2>
        <dl className="kv confirm-kv">
          <dt>Environment</dt>
          <dd>
            <span className={`env-pill env-${ws.environment}`} data-testid="confirm-environment">
              {ws.environment.toUpperCase()}
            </span>
          </dd>
          <dt>Workspace</dt>
          <dd>{ws.name}</dd>
          <dt>Organization</dt>
          <dd className="mono" data-testid="confirm-organization">
            {ws.organizationId}
          </dd>
          <dt>Target</dt>
          <dd className="mono" data-testid="confirm-target">
            {request.target}
          </dd>
          {request.details.map((d) => (
            <DetailRow key={d.label} label={d.label} value={d.value} />
          ))}
        </dl>
        {production && phase.kind === 'ask' ? (
          <label className="field confirm-type">
            <span>
              This changes <strong>production</strong>. Type <code>production</code> (exactly, lower case) to
              proceed.
            </span>
            <input
              autoFocus
              data-testid="confirm-type"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </label>
        ) : null}
        {phase.kind === 'running' ? (
          <p className="muted">Sending… waiting for the platform's answer.</p>
        ) : null}
        {phase.kind === 'done' ? (
          <p className="confirm-done" data-testid="confirm-result">
            {phase.summary}
          </p>
        ) : null}
        {phase.kind === 'failed' ? <ErrorBanner error={phase.error} testId="confirm-error" /> : null}
        <div className="dialog-actions">
          {phase.kind === 'ask' || phase.kind === 'running' ? (
            <>
              <button type="button" className="btn" onClick={close} disabled={phase.kind === 'running'}>
                Cancel
              </button>
              <button
                type="submit"
                className={production ? 'btn danger' : 'btn primary'}
                data-testid="confirm-submit"
                disabled={!canConfirm}
                autoFocus={!production}
              >
                {phase.kind === 'running' ? 'Sending…' : request.actionLabel}
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

function DetailRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
