import type { ReactNode } from 'react';
import { FieldList, SubTable } from '../../components/view-kit';
import { isJsonNumberText } from '@shared/json-number';
import { expiryPeriodMs } from '@shared/risk';
import type { Loan, LoanExtra, RequiredCollateral } from '@shared/platform/resources';
import { PlatformText } from '../../components/PlatformText';
import { objectEntries, objectOr } from '../../lib/display-text';
import { rawText } from '../../lib/decimal';
import { formatDuration, unitOf } from '../../lib/format';
import { Amount } from '../../components/Amount';
import { JsonBlock } from '../../components/JsonBlock';
import { RawValueMark } from '../../components/RawValueMark';
import { kindValue } from '../../components/data-table';
import { PercentValue } from '../../components/data-table/cells';
import { extraFieldDef, LOAN_FIELDS, type LoanFieldKind } from './loan-field-labels';

/** A label with the platform's key on hover (and in `data-key`, for tests and support). */
function FieldLabel({ label, rawKey }: { label: string; rawKey: string }) {
  return (
    <span className="field-label-raw" title={`platform field: ${rawKey}`} data-key={rawKey}>
      {label}
    </span>
  );
}

/** Sent as null: listed, never hidden, and never shown as 0. */
const SENT_NULL = (
  <span className="muted" data-testid="field-sent-null" title="The platform sent null for this field">
    null (sent as null)
  </span>
);

/** A period in hours when it is whole hours ("24 h": the platform states 1 to 24 hours), else "4 min 10 s". */
const periodText = (ms: string) =>
  Number(ms) % 3_600_000 === 0 ? `${Number(ms) / 3_600_000} h` : formatDuration(ms);

/** The margin call's cure period: "24 h", the value as sent and the unit it was read in on hover. */
function PeriodValue({ value }: { value: unknown }) {
  const ms = expiryPeriodMs(value);
  const raw = rawText(value);
  const mark = typeof value === 'string' ? null : 'number';
  if (ms === null)
    return (
      <span title="No stated unit, and too short or too long to read as 1 to 24 hours: shown as sent">
        {mark ? <RawValueMark kind={mark} /> : null}
        {raw} <span className="muted small">(unit unknown)</span>
      </span>
    );
  return (
    <span title={`sent: ${raw} (read as ${periodText(ms)}; the platform states no unit)`} data-raw={raw}>
      {mark ? <RawValueMark kind={mark} /> : null}
      {periodText(ms)}
    </span>
  );
}

/**
 * One value of a loan or its `extra`, by kind; `currency` the loan's, for its amounts. Any value
 * the platform sent is shown: a number where a string is due as sent and marked, an object as JSON.
 */
function show(kind: LoanFieldKind, v: unknown, currency?: unknown): ReactNode {
  if (v === null) return SENT_NULL;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'object' && !isJsonNumberText(v)) return <JsonBlock value={v} />;
  switch (kind) {
    case 'amount':
      return <Amount value={v} currency={currency} />;
    case 'usd':
      return <Amount value={v} currency="USD" />;
    case 'bps':
      return <PercentValue value={v} bps />;
    case 'ratio':
      return <PercentValue value={v} />;
    case 'percent':
      return typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? (
        <span className="amount" title={v}>
          {v} %
        </span>
      ) : (
        <Amount value={v} />
      );
    case 'period':
      return <PeriodValue value={v} />;
    case 'text':
      return <PlatformText value={v} />;
    default:
      return kindValue(kind, v);
  }
}

/**
 * Every top-level field the platform returned (issue 29: never hide a field): known ones with a
 * human label and their unit, a null as "sent as null", unknown keys under their own name, raw.
 */
export function LoanFields({ loan }: { loan: Loan }) {
  const sent = loan as unknown as Record<string, unknown>;
  const known = Object.entries(LOAN_FIELDS).filter(([key]) => key in sent && sent[key] !== undefined);
  const unknown = Object.entries(sent).filter(
    ([k]) => !(k in LOAN_FIELDS) && k !== 'embedded' && k !== 'extra',
  );
  const currency = unitOf(loan.currency) ?? undefined;
  return (
    <FieldList
      testId="loan-fields"
      fields={[
        ...known.map(([key, def]) => ({
          key,
          label: <FieldLabel label={def.label} rawKey={key} />,
          value: show(def.kind, sent[key], currency),
          testId: `loan-field-${key}`,
        })),
        ...unknown.map(([k, v]) => ({
          key: `unknown-${k}`,
          label: <FieldLabel label={k} rawKey={k} />,
          value: typeof v === 'string' ? v : v === null ? SENT_NULL : <JsonBlock value={v} />,
          testId: `loan-field-${k}`,
        })),
      ]}
    />
  );
}

/** `extra`: human labels (raw key on hover), times, thresholds in %, the cure period in hours. */
export function LoanExtraFields({ extra: raw }: { extra: LoanExtra | null | undefined }) {
  const extra = objectOr<LoanExtra>(raw);
  if (!extra || Object.keys(extra).length === 0) return <p className="muted small">No extra data.</p>;
  const entries = Object.entries(extra).filter(([k]) => k !== 'requiredCollaterals');
  const required = objectEntries<RequiredCollateral>(extra.requiredCollaterals);
  return (
    <>
      <FieldList
        testId="loan-extra"
        fields={entries.map(([k, v]) => {
          const def = extraFieldDef(k, v);
          return {
            key: k,
            label: <FieldLabel label={def.label} rawKey={k} />,
            value: show(def.kind, v),
            testId: `loan-extra-${k}`,
          };
        })}
      />
      {required.length ? (
        <SubTable
          testId="loan-required-collaterals"
          rows={required}
          rowKey={(_c, i) => String(i)}
          columns={[
            {
              header: 'Required collateral',
              cell: (c) => (
                <>
                  <PlatformText value={c.currency} /> <span className="muted">/ </span>
                  <PlatformText value={c.mainCurrency} />
                </>
              ),
            },
            { header: 'Amount', right: true, cell: (c) => <Amount value={c.amount} currency={c.currency} /> },
            {
              header: 'USD',
              right: true,
              cell: (c) => <Amount value={c.amountInUsd} currency="USD" hideUnit />,
            },
          ]}
        />
      ) : null}
    </>
  );
}
