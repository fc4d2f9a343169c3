import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WorkspaceView } from '@shared/contract';
import type { LoanRow } from '@shared/loan-row';
import { freeJsonBody } from '@shared/ltv-reads';
import type { Loan } from '@shared/platform/resources';
import type { AppError } from '@shared/result';
import { Amount } from '../../components/Amount';
import { CurrencyInput } from '../../components/CurrencyInput';
import { ErrorBanner } from '../../components/ErrorBanner';
import { JsonBlock } from '../../components/JsonBlock';
import { LtvAnswer } from '../../components/LtvAnswer';
import { ReadPreview } from '../../components/actions/ReadPreview';
import { ltvDryRun, previewLtvDryRun } from '../../components/actions/queries';
import { Form, JsonEditor, parseJsonText } from '../../components/view-kit';
import { viewState } from '../../state/query-client';
import {
  dryRunBody,
  draftFromLoan,
  EXAMPLE_DRAFT,
  answeredAt,
  problemText,
  readDryRun,
  type DryRunDraft,
  type DryRunReading,
} from './ltv-calculator';
import { CollateralRows, EMPTY_COLLATERAL } from './CollateralRows';
import { loanQuery } from './queries';
import { useKnownCurrencies } from './use-known-currencies';

/** The form's fields without the browser's fieldset frame. */
const FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0, display: 'grid', gap: 6 } as const;

type Check = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

function parseBody(text: string): Check {
  const check = parseJsonText(text, freeJsonBody, () => 'The body must be one JSON object of at most 16 KB.');
  return check.ok ? { ok: true, body: check.value } : check;
}

interface Answer {
  reading: DryRunReading;
  value: unknown;
  sent: string;
}

/**
 * The LTV calculator: the platform's LTV dry run (`loans.ltvDryRun`), a read sent once per click,
 * not journalled, changing nothing. A form prefilled from the selected loan (its amount, posted
 * collateral and target LTV); the request body as JSON stays under "Advanced" for a platform that
 * expects other fields. The exact request shows before it is sent; the answer reads as an LTV in %,
 * the bar, the status and the collateral to add.
 */
export function LtvDryRun({
  workspace,
  loan,
  onClose,
}: {
  workspace: WorkspaceView;
  /** The selected loan; null: the form starts from an example. */
  loan: LoanRow | null;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const read = useQuery({ ...loanQuery(workspace.id, loan?.loanId ?? ''), enabled: loan !== null });
  const full = loan !== null && read.data?.loanId === loan.loanId ? read.data : null;
  const readError = loan !== null ? viewState(read).error : null;
  return (
    <dialog
      ref={ref}
      className="export-dialog"
      style={{ width: 640, maxHeight: '90vh', overflow: 'auto' }}
      data-testid="ltv-dry-run"
      aria-labelledby="ltv-dry-run-title"
      onCancel={onClose}
      onClose={onClose}
    >
      <h2 id="ltv-dry-run-title">LTV calculator</h2>
      {loan !== null && full === null ? (
        readError ? (
          <ErrorBanner error={readError} onRetry={() => void read.refetch()} />
        ) : (
          <p className="muted" data-testid="dry-reading">
            <span className="spinner" aria-hidden /> Reading loan {loan.loanId}…
          </p>
        )
      ) : (
        <Calculator key={full?.loanId ?? ''} workspace={workspace} loan={full} />
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}

function Calculator({ workspace, loan }: { workspace: WorkspaceView; loan: Loan | null }) {
  const [draft, setDraft] = useState<DryRunDraft>(() => (loan ? draftFromLoan(loan) : EXAMPLE_DRAFT));
  // The body typed as JSON under "Advanced"; null: the form's body is sent.
  const [custom, setCustom] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const currencies = useKnownCurrencies(workspace.id, [
    draft.loanCurrency,
    ...draft.collaterals.map((c) => c.currency),
  ]);

  const formBody = dryRunBody(draft);
  const check: Check =
    custom !== null
      ? parseBody(custom)
      : formBody.ok
        ? formBody
        : { ok: false, message: formBody.problems.map(problemText).join('. ') + '.' };
  const bad = (field: string) => !formBody.ok && formBody.problems.some((p) => p.field === field);
  const set = (patch: Partial<DryRunDraft>) => setDraft({ ...draft, ...patch });

  const run = async () => {
    if (!check.ok) return;
    const body = check.body;
    setBusy(true);
    setError(null);
    setAnswer(null);
    const res = await ltvDryRun(workspace.id, { body });
    setBusy(false);
    if (!res.ok) setError(res.error);
    else
      setAnswer({
        reading: readDryRun(res.value.answer, body, answeredAt()),
        value: res.value.answer,
        sent: res.value.sent.body,
      });
  };

  return (
    <>
      <p className="small muted" data-testid="dry-source">
        {loan
          ? `Starts from loan ${loan.loanId}: its amount, the collateral posted and the target LTV a top-up would return it to. `
          : 'No loan is selected, so the form starts from an example; select a loan first to start from its figures. '}
        Change any figure to see the LTV it gives at the platform’s prices. This is a calculation only:
        nothing is changed, booked or sent to a counterparty.
      </p>
      <Form className="action-form" onSubmit={run}>
        <fieldset style={FIELDSET} disabled={custom !== null}>
          <div className="actions-row">
            <label className="field">
              Loan amount
              <input
                className="input mono"
                inputMode="decimal"
                data-testid="dry-loan-amount"
                value={draft.loanAmount}
                aria-invalid={bad('loanAmount')}
                onChange={(e) => set({ loanAmount: e.target.value })}
              />
            </label>
            <label className="field">
              Currency
              <CurrencyInput
                label="Loan currency"
                testId="dry-loan-currency"
                currencies={currencies}
                value={draft.loanCurrency}
                invalid={bad('loanCurrency')}
                onChange={(loanCurrency) => set({ loanCurrency })}
              />
            </label>
          </div>
          <span className="small muted">Collateral (amount, currency, and network when it differs)</span>
          <CollateralRows
            rows={draft.collaterals}
            onChange={(collaterals) => set({ collaterals })}
            currencies={currencies}
            invalid={bad}
            rowTestId="dry-collateral"
          />
          <div className="actions-row">
            <button
              type="button"
              className="btn small"
              data-testid="dry-add-collateral"
              onClick={() => set({ collaterals: [...draft.collaterals, EMPTY_COLLATERAL] })}
            >
              + Collateral
            </button>
          </div>
          <div className="actions-row">
            <label className="field">
              Target LTV (%)
              <input
                className="input mono"
                style={{ width: 110 }}
                inputMode="decimal"
                data-testid="dry-target"
                value={draft.targetPercent}
                aria-invalid={bad('targetPercent')}
                aria-describedby="dry-target-help"
                onChange={(e) => set({ targetPercent: e.target.value })}
              />
            </label>
            <label className="field">
              Add collateral in
              <CurrencyInput
                label="Currency of the collateral to add"
                testId="dry-topup-currency"
                placeholder="first collateral’s"
                width={140}
                currencies={currencies}
                value={draft.collateralCurrency}
                onChange={(collateralCurrency) => set({ collateralCurrency })}
              />
            </label>
          </div>
          <p className="small muted" id="dry-target-help">
            With a target, the answer also says how much collateral to add to bring the LTV down to it. Leave
            it empty for the LTV alone.
          </p>
        </fieldset>
        {custom !== null ? (
          <p className="notice small" data-testid="dry-custom-note">
            The body is written by hand under Advanced: it is sent exactly as written, and the form above is
            not used.
          </p>
        ) : !formBody.ok ? (
          <ul className="field-error small" data-testid="dry-problems">
            {formBody.problems.map((p) => (
              <li key={p.field}>{problemText(p)}</li>
            ))}
          </ul>
        ) : null}
        <details data-testid="dry-advanced">
          <summary className="small">Advanced: the request body as JSON</summary>
          <p className="small muted">
            The specification does not list this request’s fields; the form writes the ones the console’s
            sandbox reads. If your platform expects other fields, edit the JSON here: it is then sent exactly
            as written.
          </p>
          <JsonEditor
            testId="dry-body"
            value={custom ?? JSON.stringify(formBody.ok ? formBody.body : {}, null, 2)}
            onChange={setCustom}
            label="Dry-run body (JSON)"
            problem={custom !== null && !check.ok ? check.message : null}
            problemTestId="dry-body-error"
          >
            <button
              type="button"
              className="btn small"
              data-testid="dry-use-form"
              disabled={custom === null}
              onClick={() => setCustom(null)}
            >
              Use the form again
            </button>
          </JsonEditor>
        </details>
        <div className="actions-row">
          <button type="submit" className="btn primary" disabled={busy || !check.ok} data-testid="dry-submit">
            {busy ? 'Calculating…' : 'Calculate LTV'}
          </button>
        </div>
      </Form>
      <ReadPreview
        preview={check.ok ? previewLtvDryRun(workspace, { body: check.body }) : null}
        testId="dry-request"
      />
      {error ? <ErrorBanner error={error} testId="dry-error" /> : null}
      {answer ? (
        <LtvAnswer
          testId="dry-result"
          ltv={answer.reading.ltv}
          ltvAsSent={answer.reading.ltvAsSent}
          status={answer.reading.status}
          marginCall={loan?.extra?.marginCallThreshold}
          defaultAt={loan?.extra?.defaultThreshold}
          topUp={answer.reading.topUp}
          noTarget="No target LTV was given, so no collateral amount was asked for."
        >
          <p className="small">
            Loan value <ValueUsd value={answer.reading.loanValueUsd} /> · collateral value{' '}
            <ValueUsd value={answer.reading.collateralValueUsd} /> (the platform’s prices)
          </p>
          <details>
            <summary className="small">The platform’s answer as sent (JSON)</summary>
            <JsonBlock value={answer.value} />
            <p className="small">Request body as sent:</p>
            <pre className="mono small">{answer.sent}</pre>
          </details>
        </LtvAnswer>
      ) : null}
    </>
  );
}

function ValueUsd({ value }: { value: unknown }) {
  return value === undefined ? (
    <span className="muted">not given</span>
  ) : (
    <Amount value={value} currency="USD" />
  );
}
