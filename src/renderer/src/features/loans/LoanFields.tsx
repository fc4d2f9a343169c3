import type { ReactNode } from 'react';
import type { Loan, LoanExtra } from '@shared/platform/resources';
import { Amount } from '../../components/Amount';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { formatBps, formatRatioPercent } from '../../lib/decimal';

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

function show(kind: Kind, v: string): ReactNode {
  switch (kind) {
    case 'id':
      return <IdText value={v} />;
    case 'amount':
      return <Amount value={v} />;
    case 'time':
      return <Timestamp value={v} />;
    case 'badge':
      return <Badge value={v} />;
    case 'bps':
      return (
        <span className="amount" title={`${v} bps`}>
          {formatBps(v)}
        </span>
      );
    case 'ratio':
      return (
        <span className="amount" title={v}>
          {formatRatioPercent(v)}
        </span>
      );
    default:
      return v;
  }
}

/** Every top-level field the platform returned, known ones formatted, unknown ones raw. */
export function LoanFields({ loan }: { loan: Loan }) {
  const unknown = Object.entries(loan).filter(([k]) => !KNOWN.has(k));
  return (
    <dl className="kv" data-testid="loan-fields">
      {LOAN_FIELDS.map(([key, label, kind]) => {
        const v = loan[key];
        if (typeof v !== 'string' || v === '') return null;
        return (
          <Row key={key} label={label}>
            {show(kind, v)}
          </Row>
        );
      })}
      {unknown.map(([k, v]) => (
        <Row key={k} label={k}>
          {typeof v === 'string' ? v : <JsonBlock value={v} />}
        </Row>
      ))}
    </dl>
  );
}

const EXTRA_RATIO = new Set(['defaultThreshold', 'marginCallThreshold', 'rebalanceThreshold', 'initialLtv']);

/** `extra`: timestamps (…At) as times, thresholds as percentages, booleans as yes/no. */
export function LoanExtraFields({ extra }: { extra: LoanExtra | undefined }) {
  if (!extra || Object.keys(extra).length === 0) return <p className="muted small">No extra data.</p>;
  const entries = Object.entries(extra).filter(([k]) => k !== 'requiredCollaterals');
  return (
    <>
      <dl className="kv" data-testid="loan-extra">
        {entries.map(([k, v]) => (
          <Row key={k} label={k}>
            {typeof v === 'boolean' ? (
              v ? (
                'yes'
              ) : (
                'no'
              )
            ) : typeof v !== 'string' ? (
              <JsonBlock value={v} />
            ) : k.endsWith('At') ? (
              <Timestamp value={v} />
            ) : EXTRA_RATIO.has(k) ? (
              show('ratio', v)
            ) : k.endsWith('By') ? (
              <IdText value={v} />
            ) : /^-?\d+(\.\d+)?$/.test(v) ? (
              <Amount value={v} />
            ) : (
              v
            )}
          </Row>
        ))}
      </dl>
      {extra.requiredCollaterals?.length ? (
        <table className="sub-table" data-testid="loan-required-collaterals">
          <thead>
            <tr>
              <th>Required collateral</th>
              <th className="right">Amount</th>
              <th className="right">USD</th>
            </tr>
          </thead>
          <tbody>
            {extra.requiredCollaterals.map((c, i) => (
              <tr key={`${c.currency}-${i}`}>
                <td>
                  {c.currency} <span className="muted">/ {c.mainCurrency}</span>
                </td>
                <td className="right">
                  <Amount value={c.amount} />
                </td>
                <td className="right">
                  <Amount value={c.amountInUsd} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
