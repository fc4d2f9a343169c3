import { useEffect, useRef, useState } from 'react';
import { decimalString, type WorkspaceView } from '@shared/contract';
import type { JsonObject } from '@shared/platform/resources';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../../components/ErrorBanner';
import { JsonBlock } from '../../components/JsonBlock';
import { copper } from '../../lib/api';
import { formatAmount, formatRatioPercent } from '../../lib/decimal';

/** The platform's LTV dry run: LTV for given loan/collateral, or the collateral for a target LTV. */
export function LtvDryRun({ workspace, onClose }: { workspace: WorkspaceView; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [loanAmount, setLoanAmount] = useState('');
  const [loanCurrency, setLoanCurrency] = useState('USDC');
  const [collAmount, setCollAmount] = useState('');
  const [collCurrency, setCollCurrency] = useState('BTC');
  const [targetLtv, setTargetLtv] = useState('');
  const [result, setResult] = useState<JsonObject | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const bad = (v: string) => v.trim() !== '' && !decimalString.safeParse(v).success;
  const invalid = loanAmount.trim() === '' || bad(loanAmount) || bad(collAmount) || bad(targetLtv);

  const run = async () => {
    setBusy(true);
    setError(null);
    const res = await copper().loans.ltvDryRun({
      workspaceId: workspace.id,
      body: {
        loanAmount: loanAmount.trim(),
        loanCurrency: loanCurrency.trim(),
        ...(collAmount.trim()
          ? { collaterals: [{ amount: collAmount.trim(), currency: collCurrency.trim() }] }
          : {}),
        ...(targetLtv.trim() ? { targetLtv: targetLtv.trim(), collateralCurrency: collCurrency.trim() } : {}),
      },
    });
    setBusy(false);
    if (res.ok) setResult(res.value);
    else setError(res.error);
  };

  const str = (k: string) => (typeof result?.[k] === 'string' ? (result[k] as string) : undefined);
  return (
    <dialog
      ref={ref}
      className="export-dialog"
      data-testid="ltv-dry-run"
      onCancel={onClose}
      onClose={onClose}
    >
      <h2>LTV calculator (dry run)</h2>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label className="field">
          Loan amount
          <input
            className="mono"
            value={loanAmount}
            onChange={(e) => setLoanAmount(e.target.value)}
            data-testid="dry-loan-amount"
          />
        </label>
        <label className="field">
          Loan currency
          <input
            value={loanCurrency}
            onChange={(e) => setLoanCurrency(e.target.value)}
            data-testid="dry-loan-currency"
          />
        </label>
        <label className="field">
          Collateral amount (optional)
          <input
            className="mono"
            value={collAmount}
            onChange={(e) => setCollAmount(e.target.value)}
            data-testid="dry-coll-amount"
          />
        </label>
        <label className="field">
          Collateral currency
          <input
            value={collCurrency}
            onChange={(e) => setCollCurrency(e.target.value)}
            data-testid="dry-coll-currency"
          />
        </label>
        <label className="field">
          Target LTV (optional, e.g. 0.5)
          <input
            className="mono"
            value={targetLtv}
            onChange={(e) => setTargetLtv(e.target.value)}
            data-testid="dry-target"
          />
        </label>
        <div style={{ alignSelf: 'end' }}>
          <button type="submit" className="btn primary" disabled={busy || invalid} data-testid="dry-submit">
            {busy ? 'Calculating…' : 'Calculate'}
          </button>
        </div>
      </form>
      {error ? <ErrorBanner error={error} testId="dry-error" /> : null}
      {result ? (
        <div data-testid="dry-result" className="card">
          <dl className="kv">
            {str('ltv') ? (
              <>
                <dt>LTV</dt>
                <dd className="amount">{formatRatioPercent(str('ltv'))}</dd>
              </>
            ) : null}
            {str('ltvStatus') ? (
              <>
                <dt>Status</dt>
                <dd>{str('ltvStatus')}</dd>
              </>
            ) : null}
            {['loanValueUsd', 'collateralValueUsd', 'requiredCollateralUsd', 'requiredCollateralAmount'].map(
              (k) =>
                str(k) ? (
                  <span key={k} style={{ display: 'contents' }}>
                    <dt>{k}</dt>
                    <dd className="amount">{formatAmount(str(k))}</dd>
                  </span>
                ) : null,
            )}
          </dl>
          <JsonBlock value={result} />
        </div>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
