import { useState } from 'react';
import { positiveAmount } from '@shared/amounts';
import type { WorkspaceView } from '@shared/contract';
import { collateralAdjustment, type EstimateLtvInput } from '@shared/ltv-reads';
import type { Loan } from '@shared/platform/resources';
import type { AppError } from '@shared/result';
import { Badge } from '../../components/Badge';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ReadPreview } from '../../components/actions/ReadPreview';
import { estimateLtv, previewEstimateLtv } from '../../components/actions/queries';
import { formatRatioPercent } from '../../lib/decimal';
import { CheckboxField, Form, TextField } from '../../components/view-kit';
import { LtvBar } from '../../components/LtvBar';

interface CollateralRow {
  amount: string;
  currency: string;
  mainCurrency: string;
}

/** The inputs of one collateral row, left to right. */
const COLLATERAL_INPUTS: {
  field: keyof CollateralRow;
  placeholder: string;
  width: number;
  mono?: boolean;
}[] = [
  { field: 'amount', placeholder: 'amount', width: 130, mono: true },
  { field: 'currency', placeholder: 'ccy', width: 70 },
  { field: 'mainCurrency', placeholder: 'network', width: 70 },
];

/**
 * What-if LTV: the platform's estimate for a changed loan amount and/or added collateral, shown
 * beside the current LTV. It is a PATCH that changes nothing: a read (`loans.estimateLtv`), sent
 * once per click, not journalled. Its exact request is shown before it is sent. A new request
 * clears the previous estimate first.
 */
export function LtvEstimate({ workspace, loan }: { workspace: WorkspaceView; loan: Loan }) {
  const [amount, setAmount] = useState(String(loan.amount));
  // The platform adds `collaterals` to those already posted (docs/sandbox.md), so the list starts
  // empty: pre-filling the posted ones would count them twice.
  const [rows, setRows] = useState<CollateralRow[]>([]);
  const [includeInterest, setIncludeInterest] = useState(false);
  const [result, setResult] = useState<Loan | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);

  const amountError = amount !== '' ? positiveAmount.safeParse(amount).error?.issues[0]?.message : undefined;
  const rowError = rows
    .filter((r) => r.amount !== '' || r.currency !== '')
    .map((r) => collateralAdjustment.safeParse({ ...r, mainCurrency: r.mainCurrency || r.currency }))
    .find((p) => !p.success)?.error?.issues[0];
  const invalid = amountError !== undefined || rowError !== undefined;

  const collaterals = rows.filter((r) => r.amount !== '' && r.currency.trim());
  const input: EstimateLtvInput = {
    loanId: loan.loanId,
    ...(amount !== '' ? { amount } : {}),
    ...(collaterals.length
      ? {
          collaterals: collaterals.map((r) => ({
            amount: r.amount,
            currency: r.currency.trim(),
            mainCurrency: r.mainCurrency.trim() || r.currency.trim(),
          })),
        }
      : {}),
    includeInterest,
  };

  const run = async () => {
    setBusy(true);
    setError(null);
    setResult(null);
    const res = await estimateLtv(workspace.id, input);
    setBusy(false);
    if (res.ok) setResult(res.value.answer);
    else setError(res.error);
  };

  const setRow = (i: number, patch: Partial<CollateralRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <Form className="action-form" data-testid="ltv-estimate" onSubmit={run}>
      <TextField
        label={`Loan amount (${loan.currency})`}
        className="mono"
        value={amount}
        onChange={setAmount}
        testId="estimate-amount"
      />
      <span className="small muted">Collateral to add to what is posted</span>
      {rows.map((r, i) => (
        <div className="actions-row" key={i}>
          {COLLATERAL_INPUTS.map(({ field, placeholder, width, mono }) => (
            <input
              key={field}
              className={mono ? 'input mono' : 'input'}
              style={{ width }}
              placeholder={placeholder}
              value={r[field]}
              onChange={(e) => setRow(i, { [field]: e.target.value })}
            />
          ))}
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
        <CheckboxField label="Include interest" checked={includeInterest} onChange={setIncludeInterest} />
        <button
          type="submit"
          className="btn small primary"
          disabled={busy || invalid}
          data-testid="estimate-submit"
        >
          {busy ? 'Estimating…' : 'Estimate LTV'}
        </button>
      </div>
      {amountError ? (
        <span className="field-error" data-testid="field-error-amount">
          Loan amount {amountError}
        </span>
      ) : null}
      {rowError ? (
        <span className="field-error" data-testid="field-error-collaterals">
          Collateral {String(rowError.path[0] ?? '')} {rowError.message}
        </span>
      ) : null}
      <ReadPreview
        preview={invalid ? null : previewEstimateLtv(workspace, input)}
        testId="estimate-request"
      />
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
    </Form>
  );
}
