import { useEffect, useRef, useState } from 'react';
import type { ActionResult, PreparedAction } from '@shared/actions';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../ErrorBanner';
import { useActionStore, type OpenAction } from './action-store';
import { Countdown } from './Countdown';
import { OutcomeView } from './OutcomeView';
import { executeAction } from './queries';

type Phase =
  | { kind: 'ask' }
  | { kind: 'sending' }
  | { kind: 'outcome'; result: ActionResult }
  | { kind: 'not-sent'; error: AppError };

/** Mounted once by the shell; shows the prepared action waiting for confirmation, if any. */
export function ActionDialogHost() {
  const open = useActionStore((s) => s.open);
  if (!open) return null;
  // Keyed by the one-shot id: a new action never inherits the phrase typed for the previous one.
  return <ActionDialog key={open.prepared.id} open={open} />;
}

/**
 * Shows the prepared request, exactly as the main side will sign and send it: the environment,
 * workspace, method, URL, media type and every body field. Its button names the action. On
 * production the typed phrase travels with `execute` and the main side checks it.
 */
function ActionDialog({ open }: { open: OpenAction }) {
  const { prepared } = open;
  const ref = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' });
  const [now, setNow] = useState(() => Date.now());
  const close = useActionStore((s) => s.close);
  const ws = prepared.workspace;
  const expired = now > Number(prepared.expiresAt);
  const needsPhrase = prepared.phraseRequired !== null;
  const canSend = phase.kind === 'ask' && !expired && (!needsPhrase || typed === prepared.phraseRequired);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  useEffect(() => {
    if (phase.kind !== 'ask') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [phase.kind]);

  const send = async () => {
    if (!canSend) return;
    setPhase({ kind: 'sending' });
    const res = await executeAction({
      id: prepared.id,
      ...(needsPhrase ? { phrase: typed } : {}),
    });
    if (!res.ok) {
      setPhase({ kind: 'not-sent', error: res.error });
      return;
    }
    setPhase({ kind: 'outcome', result: res.value });
    open.onResult?.(res.value, prepared);
  };

  return (
    <dialog
      ref={ref}
      className={`confirm-dialog env-${ws.environment}`}
      data-testid="confirm-dialog"
      data-action-id={prepared.id}
      aria-labelledby="confirm-title"
      onCancel={(e) => {
        // Esc while the request is in flight would hide its outcome; keep the dialog.
        if (phase.kind === 'sending') e.preventDefault();
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
        <dl className="kv confirm-kv">
          <dt>Environment</dt>
          <dd>
            <span className={`env-pill env-${ws.environment}`} data-testid="confirm-environment">
              {ws.environment.toUpperCase()}
            </span>
          </dd>
          <dt>Workspace</dt>
          <dd data-testid="confirm-workspace">{ws.name}</dd>
          <dt>Organization</dt>
          <dd className="mono" data-testid="confirm-organization">
            {ws.organizationId}
          </dd>
          <dt>Target</dt>
          <dd className="mono" data-testid="confirm-target">
            {prepared.target}
          </dd>
          {prepared.context.map((c) => (
            <ContextRow key={c.label} label={c.label} value={c.value} />
          ))}
        </dl>
        {prepared.warnings?.length ? (
          // What the console expected and did not see: the specification leaves it open, so the
          // platform decides; the operator sends knowing it.
          <div className="notice small" data-testid="confirm-warnings" role="note">
            <strong>The console expected otherwise; the platform will decide:</strong>
            <ul>
              {prepared.warnings.map((w) => (
                <li key={w} data-testid="confirm-warning">
                  {w}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <section className="prepared-request" aria-label="The request that will be sent">
          <h3>What will be sent</h3>
          <p className="mono small" data-testid="confirm-request-line">
            {prepared.request.method} {prepared.request.url}
          </p>
          <p className="mono small" data-testid="confirm-content-type">
            Content-Type: {prepared.request.contentType}
          </p>
          <p className="small muted" data-testid="confirm-signing-key">
            Signed with API key <span className="mono">{prepared.review.keyFingerprint}</span> (a fingerprint
            of its key id). If the workspace&apos;s key or base URL changes before you confirm, nothing is
            sent.
          </p>
          {open.summaryLines?.length ? (
            <ol
              className="confirm-lines mono small"
              data-testid="confirm-lines"
              aria-label="What the request does"
            >
              {open.summaryLines.map((line, i) => (
                <li key={i} data-testid="confirm-line">
                  {line}
                </li>
              ))}
            </ol>
          ) : null}
          {prepared.fields.length ? (
            open.summaryLines?.length ? (
              // The lines say it in a few words; every field stays one click away.
              <details data-testid="confirm-fields-details">
                <summary className="small">Every field of the body ({prepared.fields.length})</summary>
                <FieldTable fields={prepared.fields} />
              </details>
            ) : (
              <FieldTable fields={prepared.fields} />
            )
          ) : (
            <p className="small muted" data-testid="confirm-no-body">
              No body: the media type alone selects the operation.
            </p>
          )}
          {prepared.request.body !== null ? (
            <details>
              <summary className="small">The body's exact bytes</summary>
              <pre className="mono small" data-testid="confirm-body">
                {prepared.request.body}
              </pre>
            </details>
          ) : null}
        </section>
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
        {needsPhrase && phase.kind === 'ask' && !expired ? (
          <label className="field confirm-type">
            <span>
              This changes <strong>production</strong>. Type <code>{prepared.phraseRequired}</code> (exactly,
              lower case) to proceed.
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
        {phase.kind === 'sending' ? (
          <p className="muted">Sending… waiting for the platform's answer.</p>
        ) : null}
        {phase.kind === 'outcome' ? <OutcomeView prepared={prepared} result={phase.result} /> : null}
        {phase.kind === 'not-sent' ? (
          <div data-testid="confirm-outcome" data-outcome="not-sent">
            <ErrorBanner error={phase.error} testId="confirm-error" />
          </div>
        ) : null}
        <div className="dialog-actions">
          {phase.kind === 'ask' || phase.kind === 'sending' ? (
            <>
              <button type="button" className="btn" onClick={close} disabled={phase.kind === 'sending'}>
                Back
              </button>
              <button
                type="submit"
                className={ws.environment === 'production' ? 'btn danger' : 'btn primary'}
                data-testid="confirm-submit"
                disabled={!canSend}
                autoFocus={!needsPhrase}
              >
                {phase.kind === 'sending' ? 'Sending…' : prepared.title}
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

function FieldTable({ fields }: { fields: PreparedAction['fields'] }) {
  return (
    <table className="prepared-fields" data-testid="confirm-fields">
      <tbody>
        {fields.map((f) => (
          <tr key={f.name} data-testid={`confirm-field-${f.name}`}>
            <th scope="row" className="mono">
              {f.name}
            </th>
            <td className="mono" data-testid="confirm-field-value">
              {f.value}
            </td>
            <td className="muted">{f.note ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ContextRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
