import type { LoanEmbedded as Embedded } from '@shared/platform/resources';
import { Amount } from '../../components/Amount';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { formatBps } from '../../lib/decimal';
import { FieldList, NONE, SubTable } from '../../components/view-kit';

/** Every embedded section of a loan; unknown shapes (childLoans, marginCall) as raw JSON. */
export function LoanEmbedded({ embedded }: { embedded: Embedded | undefined }) {
  if (!embedded) return <p className="muted small">No embedded data returned.</p>;
  const { collaterals = [], loanAllocations = [], loanModifications = [], counterparties = [] } = embedded;
  const interest = embedded.loanInterest;
  return (
    <>
      <h4>Collaterals ({collaterals.length})</h4>
      <SubTable
        testId="loan-collaterals"
        rows={collaterals}
        empty={NONE}
        rowKey={(c) => c.collateralId}
        rowProps={(c) => ({ title: c.collateralId })}
        columns={[
          {
            header: 'Currency',
            cell: (c) => (
              <>
                {c.currency}
                {c.mainCurrency !== c.currency ? <span className="muted"> / {c.mainCurrency}</span> : null}
              </>
            ),
          },
          { header: 'Amount', right: true, cell: (c) => <Amount value={c.amount} /> },
          { header: 'Unrealised', right: true, cell: (c) => <Amount value={c.unrealisedAmount} /> },
          { header: 'Portfolio', cell: (c) => <IdText value={c.portfolioId} /> },
          { header: 'Updated', cell: (c) => <Timestamp value={c.updatedAt} /> },
        ]}
      />
      <h4>Allocations ({loanAllocations.length})</h4>
      <SubTable
        testId="loan-allocations"
        rows={loanAllocations}
        empty={NONE}
        rowKey={(a) => a.loanAllocationId}
        rowProps={(a) => ({
          title: `${a.loanAllocationId}${a.externalFailureDescription ? ` · ${a.externalFailureDescription}` : ''}`,
        })}
        columns={[
          { header: 'Type', cell: (a) => a.allocationType },
          { header: 'Status', cell: (a) => <Badge value={a.status} /> },
          { header: 'Amount', right: true, cell: (a) => <Amount value={a.amount} currency={a.currency} /> },
          { header: 'Requestor', className: 'mono small', cell: (a) => a.requestorCounterpartyId ?? '—' },
          { header: 'Created', cell: (a) => <Timestamp value={a.createdAt} /> },
        ]}
      />
      <h4>Modifications ({loanModifications.length})</h4>
      <SubTable
        testId="loan-modifications"
        rows={loanModifications}
        empty={NONE}
        rowKey={(m) => m.loanModificationId}
        rowProps={(m) => ({ title: m.loanModificationId })}
        columns={[
          { header: 'Type', cell: (m) => m.modificationType },
          { header: 'Status', cell: (m) => <Badge value={m.status} /> },
          {
            header: 'Rate',
            className: 'small',
            cell: (m) => (
              <>
                {m.extra?.currentInterestRate ? formatBps(m.extra.currentInterestRate) : '—'} →{' '}
                {m.extra?.newInterestRate ? formatBps(m.extra.newInterestRate) : '—'}
              </>
            ),
          },
          {
            header: 'Maturity',
            className: 'small',
            cell: (m) => (
              <>
                <Timestamp value={m.extra?.currentMaturityDate} /> →{' '}
                <Timestamp value={m.extra?.newMaturityDate} />
              </>
            ),
          },
          { header: 'Created', cell: (m) => <Timestamp value={m.createdAt} /> },
        ]}
      />
      <h4>Interest</h4>
      {interest ? (
        <FieldList
          testId="loan-interest"
          fields={[
            { label: 'Currency', value: interest.interestCurrency },
            { label: 'Accrued', value: <Amount value={interest.accruedInterest} /> },
            { label: 'Realised', value: <Amount value={interest.realisedInterest} /> },
            { label: 'Unrealised', value: <Amount value={interest.unrealisedInterest} /> },
            { label: 'Last payment', value: <Timestamp value={interest.lastPaymentAt} /> },
            { label: 'Updated', value: <Timestamp value={interest.updatedAt} /> },
          ]}
        />
      ) : (
        NONE
      )}
      <h4>Counterparties ({counterparties.length})</h4>
      <SubTable
        testId="loan-counterparties"
        rows={counterparties}
        empty={NONE}
        rowKey={(c) => c.counterpartyId}
        rowProps={(c) => ({ title: c.counterpartyDescription ?? '' })}
        columns={[
          { header: 'Name', cell: (c) => c.counterpartyName },
          { header: 'Type', cell: (c) => <Badge value={c.counterpartyType} /> },
          { header: 'Id', cell: (c) => <IdText value={c.counterpartyId} /> },
          {
            header: 'Tags',
            className: 'small',
            cell: (c) => (
              <>
                {(c.tags ?? []).join(', ') || '—'}
                {c.extra?.exchangeId ? ` · exchange ${c.extra.exchangeId}` : ''}
              </>
            ),
          },
        ]}
      />
      {embedded.marginCall ? (
        <>
          <h4>Margin call</h4>
          <JsonBlock value={embedded.marginCall} testId="loan-margin-call" />
        </>
      ) : null}
      {embedded.childLoans?.length ? (
        <>
          <h4>Child loans ({embedded.childLoans.length})</h4>
          <JsonBlock value={embedded.childLoans} testId="loan-child-loans" />
        </>
      ) : null}
    </>
  );
}
