import { useState } from 'react';
import { positiveAmount } from '@shared/amounts';
import type { WorkspaceView } from '@shared/contract';
import { collateralAdjustment, type EstimateLtvInput } from '@shared/ltv-reads';
import type { Loan } from '@shared/platform/resources';
import type { AppError } from '@shared/result';
import { readDecimal, type TopUp } from '@shared/risk';
import { topUpFromLoan } from '@shared/risk-top-up';
import { JsonBlock } from '../../components/JsonBlock';
import { LtvAnswer } from '../../components/LtvAnswer';
import { formatAmount } from '../../lib/decimal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ReadPreview } from '../../components/actions/ReadPreview';
import { estimateLtv, previewEstimateLtv } from '../../components/actions/queries';
import { CheckboxField, Form, TextField } from '../../components/view-kit';
import { CollateralRows, EMPTY_COLLATERAL } from './CollateralRows';
import { answeredAt, type CollateralDraft } from './ltv-calculator';
import { useKnownCurrencies } from './use-known-currencies';

/**
 * The top-up after the estimate, from the estimated loan's own figures (shared/risk-top-up.ts). The
 * platform's answer may leave out the collateral: the posted one then stands, unless collateral
 * was added, whose sum the console cannot know without prices.
 */
function estimateTopUp(loan: Loan, result: Loan, added: boolean, at: string): TopUp {
  const collaterals = result.embedded?.collaterals;
  if (!Array.isArray(collaterals) && added)
    return { ok: false, at, why: 'the answer does not list the collateral after the change' };
  const estimated: Loan = {
    ...loan,
    ...result,
    extra: result.extra ?? loan.extra,
    embedded: Array.isArray(collaterals) ? result.embedded : loan.embedded,
  };
  return topUpFromLoan(estimated, at);
}

/** "3 BTC, 10 ETH": the collateral posted, as the platform listed it. */
function postedText(loan: Loan): string {
  const list = Array.isArray(loan.embedded?.collaterals) ? loan.embedded.collaterals : [];
  const shown = list
    .filter((c) => typeof c === 'object' && c !== null)
    .map((c) => `${formatAmount(c.amount)} ${String(c.currency)}`);
  return shown.length ? shown.join(', ') : 'none listed';
}

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
  const [rows, setRows] = useState<CollateralDraft[]>([]);
  const [includeInterest, setIncludeInterest] = useState(false);
  const [result, setResult] = useState<Loan | null>(null);
  // Whether the estimate shown was asked with collateral added, and when it came (for its top-up).
  const [asked, setAsked] = useState({ added: false, at: '' });
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const currencies = useKnownCurrencies(workspace.id, [
    loan.currency,
    ...(Array.isArray(loan.embedded?.collaterals) ? loan.embedded.collaterals.map((c) => c?.currency) : []),
  ]);

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
    setAsked({ added: input.collaterals !== undefined, at: answeredAt() });
    if (res.ok) setResult(res.value.answer);
    else setError(res.error);
  };

  return (
    <Form className="action-form" data-testid="ltv-estimate" onSubmit={run}>
      <TextField
        label={`Loan amount (${loan.currency})`}
        className="mono"
        value={amount}
        onChange={setAmount}
        testId="estimate-amount"
      />
      <p className="small muted">
        What would this loan’s LTV be with another loan amount, or with more collateral? The platform answers
        at its current prices; nothing is changed on the loan.
      </p>
      <span className="small muted" data-testid="estimate-posted">
        Collateral to add to what is posted now ({postedText(loan)}):
      </span>
      <CollateralRows rows={rows} onChange={setRows} currencies={currencies} compact />
      <div className="actions-row">
        <button type="button" className="btn small" onClick={() => setRows([...rows, EMPTY_COLLATERAL])}>
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
        <LtvAnswer
          testId="estimate-result"
          current={{ ltv: loan.debtRatio, status: loan.debtRatioStatus }}
          ltv={readDecimal(result.debtRatio) === null ? null : (result.debtRatio as string)}
          ltvAsSent={result.debtRatio}
          status={typeof result.debtRatioStatus === 'string' ? result.debtRatioStatus : null}
          marginCall={loan.extra?.marginCallThreshold}
          defaultAt={loan.extra?.defaultThreshold}
          topUp={estimateTopUp(loan, result, asked.added, asked.at)}
        >
          <details>
            <summary className="small">The platform’s answer as sent (JSON)</summary>
            <JsonBlock value={result} />
          </details>
        </LtvAnswer>
      ) : null}
    </Form>
  );
}
