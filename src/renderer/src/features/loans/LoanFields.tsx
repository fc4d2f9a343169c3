import type { ReactNode } from 'react';
import { FieldList, SubTable } from '../../components/view-kit';
import { isJsonNumberText } from '@shared/json-number';
import type { Loan, LoanExtra, RequiredCollateral } from '@shared/platform/resources';
import { PlatformText } from '../../components/PlatformText';
import { objectEntries, objectOr } from '../../lib/display-text';
import { Amount } from '../../components/Amount';
import { IdText } from '../../components/CopyButton';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { formatBps, formatRatioPercent } from '../../lib/decimal';
import { kindValue } from '../../components/data-table';

type Kind = 'id' | 'amount' | 'time' | 'badge' | 'text' | 'bps' | 'ratio';
const LOAN_FIELDS: [keyof Loan, string, Kind][] = [
  ['loanId', 'Loan id', 'id'],
  ['externalId', 'External id', 'id'],
  ['status', 'Status', 'badge'],
  ['loanType', 'Type', 'text'],
  ['amount', 'Amount', 'amount'],
  ['currency', 'Currency', 'text'],
  ['mainCurrency', 'Network', 'text'],
  ['originalLoanAmount', 'Original amount', 'amount'],
  ['originalLoanValue', 'Original value', 'amount'],
  ['unrealisedAmount', 'Unrealised', 'amount'],
  ['interestRate', 'Interest rate', 'bps'],
  ['debtRatio', 'LTV', 'ratio'],
  ['debtRatioStatus', 'LTV status', 'badge'],
  ['debtRatioUpdatedAt', 'LTV updated', 'time'],
  ['defaultReason', 'Default reason', 'text'],
  ['startDate', 'Start', 'time'],
  ['maturityDate', 'Maturity', 'time'],
  ['terminatedAt', 'Terminated', 'time'],
  ['lenderOrganizationId', 'Lender org', 'id'],
  ['lenderCounterpartyId', 'Lender counterparty', 'id'],
  ['lenderPortfolioId', 'Lender portfolio', 'id'],
  ['borrowerOrganizationId', 'Borrower org', 'id'],
  ['borrowerCounterpartyId', 'Borrower counterparty', 'id'],
  ['borrowerPortfolioId', 'Borrower portfolio', 'id'],
  ['createdBy', 'Created by', 'id'],
  ['createdAt', 'Created', 'time'],
  ['updatedAt', 'Updated', 'time'],
];
const KNOWN = new Set<string>([...LOAN_FIELDS.map(([k]) => k as string), 'embedded', 'extra']);

function show(kind: Kind, v: unknown): ReactNode {
  switch (kind) {
    case 'bps':
      return typeof v === 'string' ? (
        <span className="amount" title={`${v} bps`}>
          {formatBps(v)}
        </span>
      ) : (
        <Amount value={v} />
      );
    case 'ratio':
      return typeof v === 'string' ? (
        <span className="amount" title={v}>
          {formatRatioPercent(v)}
        </span>
      ) : (
        <Amount value={v} />
      );
    case 'text':
      return <PlatformText value={v} />;
    default:
      return kindValue(kind, v);
  }
}

/** Every top-level field the platform returned, known ones formatted, unknown ones raw. */
export function LoanFields({ loan }: { loan: Loan }) {
  const unknown = Object.entries(loan).filter(([k]) => !KNOWN.has(k));
  return (
    <FieldList
      testId="loan-fields"
      fields={[
        ...LOAN_FIELDS.map(([key, label, kind]) => {
          // A field the platform left out or sent as null is not listed; a number or other value is
          // shown as received, marked (a JSON number keeps the digits the platform wrote).
          const v: unknown = loan[key];
          return v !== null && v !== undefined && v !== '' && { key, label, value: show(kind, v) };
        }),
        ...unknown.map(([k, v]) => ({
          key: `unknown-${k}`,
          label: k,
          value: typeof v === 'string' ? v : <JsonBlock value={v} />,
        })),
      ]}
    />
  );
}

const EXTRA_RATIO = new Set(['defaultThreshold', 'marginCallThreshold', 'rebalanceThreshold', 'initialLtv']);

/** `extra`: timestamps (…At) as times, thresholds as percentages, booleans as yes/no. */
export function LoanExtraFields({ extra: raw }: { extra: LoanExtra | null | undefined }) {
  const extra = objectOr<LoanExtra>(raw);
  if (!extra || Object.keys(extra).length === 0) return <p className="muted small">No extra data.</p>;
  const entries = Object.entries(extra).filter(([k]) => k !== 'requiredCollaterals');
  const required = objectEntries<RequiredCollateral>(extra.requiredCollaterals);
  return (
    <>
      <FieldList
        testId="loan-extra"
        fields={entries.map(([k, v]) => ({ label: k, value: showExtra(k, v) }))}
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
            { header: 'Amount', right: true, cell: (c) => <Amount value={c.amount} /> },
            { header: 'USD', right: true, cell: (c) => <Amount value={c.amountInUsd} /> },
          ]}
        />
      ) : null}
    </>
  );
}

function showExtra(key: string, v: unknown): ReactNode {
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v === null || v === undefined) return <span className="muted">unknown</span>;
  if (isJsonNumberText(v) || typeof v === 'number') return <Amount value={v} />;
  if (typeof v !== 'string') return <JsonBlock value={v} />;
  if (key.endsWith('At')) return <Timestamp value={v} />;
  if (EXTRA_RATIO.has(key)) return show('ratio', v);
  if (key.endsWith('By')) return <IdText value={v} />;
  if (/^-?\d+(\.\d+)?$/.test(v)) return <Amount value={v} />;
  return v;
}
