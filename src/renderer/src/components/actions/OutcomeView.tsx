import { useState } from 'react';
import type { ActionResult, CheckResult, PreparedAction } from '@shared/actions';
import type { OrderStatusView } from '@shared/exchange-actions';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../ErrorBanner';
import { JsonBlock } from '../JsonBlock';
import { checkAction, settleAction } from './queries';

/** One of three honest outcomes: done (green), refused (red), outcome unknown (amber, never "failed"). */
export function OutcomeView({ prepared, result }: { prepared: PreparedAction; result: ActionResult }) {
  return (
    <div
      className={`outcome outcome-${result.outcome}`}
      data-testid="confirm-outcome"
      data-outcome={result.outcome}
      role="status"
    >
      <strong className="outcome-label">
        {result.outcome === 'done' ? 'Done' : result.outcome === 'refused' ? 'Refused' : 'Outcome unknown'}
      </strong>
      <p data-testid="confirm-result">{result.headline}</p>
      {result.exchange && result.exchange.statuses.length ? (
        <OrderStatuses statuses={result.exchange.statuses} />
      ) : null}
      {result.outcome === 'refused' && result.error ? <RefusalDetails error={result.error} /> : null}
      {result.outcome === 'unknown' ? <SettlePanel prepared={prepared} result={result} /> : null}
      {result.outcome === 'done' && result.answer !== undefined ? (
        <details>
          <summary>The platform's answer</summary>
          <JsonBlock value={result.answer} />
        </details>
      ) : null}
    </div>
  );
}

function RefusalDetails({ error }: { error: AppError }) {
  // The banner shows the platform's code, message, details (requestId…) and, after a 429 or a
  // guard refusal, the countdown to when the console may try again.
  return <ErrorBanner error={error} testId="confirm-error" />;
}

function OrderStatuses({ statuses }: { statuses: OrderStatusView[] }) {
  return (
    <table className="order-statuses" data-testid="order-statuses">
      <thead>
        <tr>
          <th>#</th>
          <th>Result</th>
          <th>Detail</th>
        </tr>
      </thead>
      <tbody>
        {statuses.map((s, i) => (
          <tr
            key={i}
            data-testid={`order-status-${i}`}
            data-kind={s.kind}
            className={s.kind === 'error' ? 'neg' : ''}
          >
            <td>{i + 1}</td>
            <td>{s.kind}</td>
            <td className="mono">
              {s.kind === 'resting'
                ? `oid ${s.oid}${s.cloid ? ` · cloid ${s.cloid}` : ''}`
                : s.kind === 'filled'
                  ? `oid ${s.oid} · size ${s.totalSz} · average price ${s.avgPx}`
                  : s.kind === 'error'
                    ? s.message
                    : s.kind === 'other'
                      ? s.raw
                      : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * An unknown outcome is settled by reading the object again ("Check now"), or, where the platform
 * offers no read, by the operator recording what they found on the platform. Never a resend.
 */
export function SettlePanel({ prepared, result }: { prepared: PreparedAction; result: ActionResult }) {
  const [checking, setChecking] = useState(false);
  const [found, setFound] = useState<CheckResult | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [note, setNote] = useState('');
  const check = result.check ?? { available: false, what: 'Check the object on the platform.' };

  const run = async (call: () => ReturnType<typeof checkAction>) => {
    setChecking(true);
    setError(null);
    setFound(null);
    const res = await call();
    setChecking(false);
    if (res.ok) setFound(res.value);
    else setError(res.error);
  };

  return (
    <div className="settle-panel" data-testid="settle-panel">
      <p className="small">Do not send it again. {check.what}</p>
      {found?.settled ? null : check.available ? (
        <button
          type="button"
          className="btn warn"
          data-testid="check-now"
          disabled={checking}
          onClick={() => void run(() => checkAction(prepared.id))}
        >
          {checking ? 'Checking…' : 'Check now'}
        </button>
      ) : (
        <form
          className="actions-row"
          onSubmit={(e) => e.preventDefault()}
          aria-label="Record what you found on the platform"
        >
          <label className="field">
            What you checked on the platform
            <input value={note} onChange={(e) => setNote(e.target.value)} data-testid="settle-note" />
          </label>
          {(['done', 'not-done'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className="btn small"
              data-testid={`settle-${s}`}
              disabled={checking || note.trim() === ''}
              onClick={() => void run(() => settleAction({ id: prepared.id, settled: s, note }))}
            >
              {s === 'done' ? 'It happened' : 'It did not happen'}
            </button>
          ))}
        </form>
      )}
      {error ? <ErrorBanner error={error} testId="check-error" /> : null}
      {found ? (
        <p
          className={`settled settled-${found.settled ?? 'open'}`}
          data-testid="check-result"
          data-settled={found.settled ?? 'open'}
        >
          {found.settled === 'done'
            ? 'Settled: it took effect. '
            : found.settled === 'not-done'
              ? 'Settled: it did not take effect. '
              : 'Still unknown. '}
          {found.found}
        </p>
      ) : null}
    </div>
  );
}
