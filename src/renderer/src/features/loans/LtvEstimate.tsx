import { useState } from 'react';
import { decimalString, type WorkspaceView } from '@shared/contract';
import type { Loan } from '@shared/platform/resources';
import type { AppError } from '@shared/result';
import { Badge } from '../../components/Badge';
import { ErrorBanner } from '../../components/ErrorBanner';
import { copper } from '../../lib/api';
import { formatRatioPercent } from '../../lib/decimal';
import { LtvBar } from './LtvBar';

interface CollateralRow {
  amount: string;
  currency: string;
  mainCurrency: string;
}

/**
 * What-if LTV: the platform's estimate for a changed loan amount and/or collateral set, shown
 * beside the current LTV. An estimate changes nothing, so it needs no confirmation.
 */
export function LtvEstimate({ workspace, loan }: { workspace: WorkspaceView; loan: Loan }) {
  const [amount, setAmount] = useState(loan.amount);
  // The platform adds `collaterals` to those already posted (docs/sandbox.md), so the list starts
  // empty: pre-filling the posted ones would count them twice.
  const [rows, setRows] = useState<CollateralRow[]>([]);
  const [includeInterest, setIncludeInterest] = useState(false);
  const [result, setResult] = useState<Loan | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);

  const invalid = [amount, ...rows.map((r) => r.amount)].some(
    (v) => v.trim() !== '' && !decimalString.safeParse(v).success,
  );

  const run = async () => {
    setBusy(true);
    setError(null);
    const collaterals = rows.filter((r) => r.amount.trim() && r.currency.trim());
    const res = await copper().loans.estimateLtv({
      workspaceId: workspace.id,
      loanId: loan.loanId,
      ...(amount.trim() ? { amount: amount.trim() } : {}),
      ...(collaterals.length
        ? {
            collaterals: collaterals.map((r) => ({
              ...r,
              mainCurrency: r.mainCurrency.trim() || r.currency.trim(),
            })),
          }
        : {}),
      includeInterest,
    });
    setBusy(false);
    if (res.ok) setResult(res.value);
    else setError(res.error);
  };

  const setRow = (i: number, patch: Partial<CollateralRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <form
      className="action-form"
      data-testid="ltv-estimate"
      onSubmit={(e) => {
        e.preventDefault();
        void run();
      }}
    >
      <label className="field">
        Loan amount ({loan.currency})
        <input
          className="mono"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          data-testid="estimate-amount"
        />
      </label>
      <span className="small muted">Collateral to add to what is posted (a negative amount withdraws)</span>
      {rows.map((r, i) => (
        <div className="actions-row" key={i}>
          <input
            className="input mono"
            style={{ width: 130 }}
            placeholder="amount"
            value={r.amount}
            onChange={(e) => setRow(i, { amount: e.target.value })}
          />
          <input
            className="input"
            style={{ width: 70 }}
            placeholder="ccy"
            value={r.currency}
            onChange={(e) => setRow(i, { currency: e.target.value })}
          />
          <input
            className="input"
            style={{ width: 70 }}
            placeholder="network"
            value={r.mainCurrency}
            onChange={(e) => setRow(i, { mainCurrency: e.target.value })}
          />
          <button
            type="button"
            className="btn small ghost"
            aria-label="Remove collateral"
            onClick={() => setRows(rows.filter((_, j) => j !== i))}
          >
            ✕
          </button>
        </div>
      ))}
      <div className="actions-row">
        <button
          type="button"
          className="btn small"
          onClick={() => setRows([...rows, { amount: '', currency: '', mainCurrency: '' }])}
        >
          + Collateral
        </button>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={includeInterest}
            onChange={(e) => setIncludeInterest(e.target.checked)}
          />
          Include interest
        </label>
        <button
          type="submit"
          className="btn small primary"
          disabled={busy || invalid}
          data-testid="estimate-submit"
        >
          {busy ? 'Estimating…' : 'Estimate LTV'}
        </button>
      </div>
      {invalid ? <span className="field-error">Amounts must be plain decimals such as 1250.5.</span> : null}
      {error ? <ErrorBanner error={error} testId="estimate-error" /> : null}
      {result ? (
        <div data-testid="estimate-result" className="estimate-result">
          <span>
            Current{' '}
            <strong className="amount">{loan.debtRatio ? formatRatioPercent(loan.debtRatio) : '—'}</strong>{' '}
            <Badge value={loan.debtRatioStatus} />
          </span>
          <span>→</span>
          <span>
            Estimated{' '}
            <strong className="amount">
              {result.debtRatio ? formatRatioPercent(result.debtRatio) : '—'}
            </strong>{' '}
            <Badge value={result.debtRatioStatus} />
          </span>
          <LtvBar
            testId="estimate-bar"
            ltv={loan.debtRatio}
            estimate={result.debtRatio}
            marginCall={loan.extra?.marginCallThreshold}
            defaultAt={loan.extra?.defaultThreshold}
          />
        </div>
      ) : null}
    </form>
  );
}
