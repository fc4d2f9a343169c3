import { useState } from 'react';
import type { ActionResult, CheckResult, PreparedAction } from '@shared/actions';
import type { OrderStatusView } from '@shared/exchange-actions';
import type { AppError } from '@shared/result';
import { formatTime } from '../../lib/format';
import { useTimeZone } from '../../state/ui-state-store';
import { ErrorBanner } from '../ErrorBanner';
import { JsonBlock } from '../JsonBlock';
import { Countdown } from './Countdown';
import { outcomeText } from './outcome-state';
import { checkAction, settleAction } from './queries';
import { useSettled, type SettledVerdict } from './verdicts';

/**
 * One of the honest outcomes (./outcome-state.ts): done (green), refused by the platform (red), not
 * sent (neutral), outcome unknown (amber, never "failed"); once Check now or the operator settles
 * an unknown one, its title, tone and text say what was found, wherever the action is shown.
 */
export function OutcomeView({ prepared, result }: { prepared: PreparedAction; result: ActionResult }) {
  const settled = useSettled(result.id);
  const view = outcomeText(result, settled);
  return (
    <div
      className={`outcome outcome-${view.tone}`}
      data-testid="confirm-outcome"
      data-outcome={view.state}
      role="status"
    >
      <strong className="outcome-label" data-testid="outcome-title">
        {view.title}
      </strong>
      {settled ? null : <p data-testid="confirm-result">{result.headline}</p>}
      {result.exchange && result.exchange.statuses.length ? (
        <OrderStatuses statuses={result.exchange.statuses} />
      ) : null}
      {result.outcome === 'refused' && result.error ? (
        <ActionErrorBanner error={result.error} testId="confirm-error" />
      ) : null}
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

/**
 * An action's refusal: the banner shows the code, message and details (requestId…). After a 429
 * or a guard refusal, the wait is about the platform's limits, never a resend: an action is sent
 * again only when the operator reviews and confirms it again.
 */
export function ActionErrorBanner({ error, testId }: { error: AppError; testId: string }) {
  const { retryAt, ...shown } = error;
  return (
    <>
      <ErrorBanner error={shown} testId={testId} />
      {retryAt ? (
        <p className="small" data-testid="retry-countdown">
          Requests with this key can be made again in: <Countdown until={retryAt} />. Nothing is sent again by
          itself: to send this action, review it again and confirm it.
        </p>
      ) : null}
    </>
  );
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
 * offers no read, by the operator recording what they found on the platform. Never a resend. Once
 * settled (here, or wherever the same action is shown), it says what was found, and nothing else.
 */
export function SettlePanel({ prepared, result }: { prepared: PreparedAction; result: ActionResult }) {
  const [checking, setChecking] = useState(false);
  const [found, setFound] = useState<CheckResult | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [note, setNote] = useState('');
  const settled = useSettled(result.id);
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

  if (settled) return <SettledLine verdict={settled} />;
  return (
    <div className="settle-panel" data-testid="settle-panel">
      {/* The headline already says not to send it again: said once. */}
      <p className="small">{check.what}</p>
      {check.available ? (
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
      {found && found.settled === null ? (
        <p className="settled settled-open" data-testid="check-result" data-settled="open">
          Still unknown. {found.found}
        </p>
      ) : null}
    </div>
  );
}

/** What settled it, when, and that the journal has it. */
function SettledLine({ verdict }: { verdict: SettledVerdict }) {
  const zone = useTimeZone();
  const who = verdict.by === 'check' ? 'Check now read it again' : 'You recorded what you found';
  const found = /[.!?]$/.test(verdict.found.trim()) ? verdict.found.trim() : `${verdict.found.trim()}.`;
  return (
    <p
      className={`settled settled-${verdict.settled}`}
      data-testid="check-result"
      data-settled={verdict.settled}
    >
      {who} at {formatTime(verdict.at, zone)}: {found} Recorded in the journal; nothing was sent again.
    </p>
  );
}
