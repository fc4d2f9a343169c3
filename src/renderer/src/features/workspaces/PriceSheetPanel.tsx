/**
 * A workspace's reference price sheet (issue 28), in its card: the prices the console values
 * wallets, loans and collateral at, because the platform has none. Typed or pasted as CSV text, or
 * imported from a CSV file; the main side reads it and answers every bad line, and nothing changes
 * until every line is right. Closed by default: the sheet is read only when the panel opens.
 */
import { useState } from 'react';
import {
  MAX_STALE_AFTER_MINUTES,
  PRICE_CSV_HEADER,
  isStale,
  priceCsvText,
  type PriceLineError,
  type PriceSheet,
} from '@shared/price-sheet';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ButtonRow, DurationField, Form, SubTable, type Duration } from '../../components/view-kit';
import { formatAmount } from '../../lib/decimal';
import {
  DURATION_UNITS,
  durationMs,
  formatTimestamp,
  splitDuration,
  type DurationUnit,
} from '../../lib/time';
import { usePriceSheet } from '../../state/prices/use-price-sheet';
import { clearPrices, importPriceCsv, setPricesStaleAfter } from '../../state/prices/queries';
import './price-sheet.css';

const EXAMPLE = `${PRICE_CSV_HEADER.join(',')}\nBTC,65000,USD,2026-01-31T12:00:00Z,desk close`;
/** The staleness setting is typed in minutes or hours (lib/time.ts); the contract holds minutes. */
const STALE_UNITS: readonly DurationUnit[] = ['min', 'h'];
const MINUTE_MS = DURATION_UNITS.min;

export function PriceSheetPanel({ workspaceId }: { workspaceId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="price-sheet"
      data-testid="price-sheet"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary data-testid="price-sheet-toggle">Reference prices</summary>
      {open ? <PriceSheetBody workspaceId={workspaceId} /> : null}
    </details>
  );
}

type Errors = { errors: PriceLineError[]; more: number };

function PriceSheetBody({ workspaceId }: { workspaceId: string }) {
  const prices = usePriceSheet(workspaceId);
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lineErrors, setLineErrors] = useState<Errors | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { sheet, nowMs } = prices;

  const run = async <T,>(work: () => Promise<{ ok: true; value: T } | { ok: false; error: AppError }>) => {
    setBusy(true);
    setError(null);
    setSaved(null);
    const res = await work();
    setBusy(false);
    if (!res.ok) setError(res.error);
    return res.ok ? res.value : null;
  };

  const importText = async (csv: string) => {
    setLineErrors(null);
    const answer = await run(() => importPriceCsv(workspaceId, csv));
    if (answer === null) return;
    if (!answer.imported) return setLineErrors({ errors: answer.errors, more: answer.more });
    setText(null);
    setSaved(`Saved ${answer.sheet.rows.length} prices.`);
  };

  const readFile = async (file: File) => importText(await file.text());

  const draft = text ?? (sheet && sheet.rows.length > 0 ? priceCsvText(sheet.rows) : EXAMPLE);
  return (
    <div className="price-sheet-body">
      {prices.error ? <ErrorBanner error={prices.error} testId="price-sheet-read-error" /> : null}
      {sheet ? (
        <SheetSummary sheet={sheet} now={nowMs} />
      ) : prices.error === null ? (
        <p className="muted small">Reading…</p>
      ) : null}
      <Form
        layout="grid"
        aria-label="Reference prices"
        help={`One price a line: ${PRICE_CSV_HEADER.join(',')}, asOf in UTC (such as 2026-01-31T12:00:00Z). Typed, pasted or imported from a CSV file.`}
        onSubmit={() => importText(draft)}
      >
        <label className="field">
          Prices as CSV
          <textarea
            className="composer-text"
            data-testid="price-csv-text"
            spellCheck={false}
            rows={6}
            value={draft}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <ButtonRow
          primary={{ label: 'Save prices', testId: 'price-csv-save', disabled: busy }}
          done={saved}
          doneTestId="price-saved"
          secondary={[
            {
              label: 'Import CSV file…',
              testId: 'price-csv-file',
              accept: '.csv,text/csv,text/plain',
              disabled: busy,
              onFile: (file) => void readFile(file),
            },
            {
              label: 'Clear prices',
              testId: 'price-clear',
              disabled: busy || !sheet || (sheet.rows.length === 0 && sheet.origin === 'operator'),
              onClick: () =>
                void run(() => clearPrices(workspaceId)).then((s) => {
                  if (s)
                    setSaved(s.origin === 'sandbox' ? "Back to the sandbox's prices." : 'Prices cleared.');
                }),
            },
          ]}
        />
      </Form>
      {lineErrors ? <LineErrors {...lineErrors} /> : null}
      {error ? <ErrorBanner error={error} testId="price-error" /> : null}
      {sheet ? (
        <StaleSetting
          minutes={sheet.staleAfterMinutes}
          busy={busy}
          onSave={(minutes) =>
            void run(() => setPricesStaleAfter(workspaceId, minutes)).then((s) => {
              if (s) setSaved(`Prices older than ${describeMinutes(s.staleAfterMinutes)} are flagged stale.`);
            })
          }
        />
      ) : null}
    </div>
  );
}

function LineErrors({ errors, more }: Errors) {
  return (
    <div className="error-banner" role="alert" data-testid="price-line-errors">
      <div className="error-text">
        <strong>Nothing was saved: fix these lines.</strong>
        <ul className="small">
          {errors.map((e, i) => (
            <li key={i} data-testid="price-line-error" data-line={e.line}>
              Line {e.line}: {e.message}
            </li>
          ))}
        </ul>
        {more > 0 ? <span className="small">… and {more} more lines.</span> : null}
      </div>
    </div>
  );
}

function SheetSummary({ sheet, now }: { sheet: PriceSheet; now: number }) {
  const origin =
    sheet.origin === 'sandbox'
      ? "From the embedded sandbox's prices, read now. Saving your own replaces them."
      : sheet.updatedAt
        ? `Saved ${formatTimestamp(sheet.updatedAt)}.`
        : 'No prices yet: values show as "no price".';
  return (
    <>
      <p className="muted small" data-testid="price-sheet-origin">
        {sheet.rows.length} prices. {origin}
      </p>
      {sheet.rows.length > 0 ? (
        <SubTable
          testId="price-sheet-rows"
          rows={sheet.rows.slice(0, 200)}
          rowKey={(r) => `${r.currency}/${r.quote}`}
          empty="None."
          columns={[
            { header: 'Currency', cell: (r) => r.currency },
            { header: 'Price', right: true, cell: (r) => `${formatAmount(r.price)} ${r.quote}` },
            {
              header: 'As of',
              cell: (r) => (
                <span title={r.asOf}>
                  {formatTimestamp(r.asOf)}
                  {isStale(r.asOf, sheet.staleAfterMinutes, now) ? (
                    <span className="badge tone-warn" data-testid="price-row-stale">
                      stale
                    </span>
                  ) : null}
                </span>
              ),
            },
            { header: 'Source', cell: (r) => r.source },
          ]}
        />
      ) : null}
      {sheet.rows.length > 200 ? (
        <p className="muted small">The first 200 of {sheet.rows.length} are shown.</p>
      ) : null}
    </>
  );
}

const describeMinutes = (m: number) => (m % 60 === 0 ? `${m / 60} h` : `${m} min`);

function StaleSetting({
  minutes,
  busy,
  onSave,
}: {
  minutes: number;
  busy: boolean;
  onSave(minutes: number): void;
}) {
  const [stale, setStale] = useState<Duration>(() => splitDuration(minutes * MINUTE_MS, STALE_UNITS));
  const ms = durationMs(stale.amount, stale.unit);
  const whole = ms === null ? null : ms / MINUTE_MS;
  const problem =
    whole === null || whole < 1
      ? 'Enter a whole number, at least 1 minute'
      : whole > MAX_STALE_AFTER_MINUTES
        ? 'At most a year'
        : null;
  return (
    <Form
      layout="row"
      aria-label="Staleness"
      onSubmit={() => {
        if (whole !== null && problem === null) onSave(whole);
      }}
    >
      <DurationField
        label="Flag a price as stale after"
        testId="price-stale-amount"
        unitTestId="price-stale-unit"
        units={STALE_UNITS}
        value={stale}
        onChange={setStale}
        problem={problem}
      />
      <ButtonRow
        primary={{
          label: 'Save setting',
          testId: 'price-stale-save',
          disabled: busy || problem !== null || whole === minutes,
        }}
      />
    </Form>
  );
}
