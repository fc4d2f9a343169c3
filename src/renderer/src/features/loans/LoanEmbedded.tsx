import type {
  Collateral,
  Counterparty,
  LoanAllocation,
  LoanEmbedded as Embedded,
  LoanInterest,
  LoanModification,
} from '@shared/platform/resources';
import { PlatformText } from '../../components/PlatformText';
import { displayText, objectOr, stringOr } from '../../lib/display-text';
import { Amount } from '../../components/Amount';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { PercentValue } from '../../components/data-table/cells';
import { FieldList, ListSection, NONE } from '../../components/view-kit';

/**
 * Every embedded section of a loan; unknown shapes (childLoans, marginCall) as raw JSON. The
 * platform may send null for the whole, for a section, or for an entry of a list (issue 25):
 * each is shown as missing and counted, never a crash.
 */
export function LoanEmbedded({ embedded: raw }: { embedded: Embedded | null | undefined }) {
  const embedded = objectOr<Embedded>(raw);
  if (!embedded) return <p className="muted small">No embedded data returned.</p>;
  const interest = objectOr<LoanInterest>(embedded.loanInterest);
  return (
    <>
      <ListSection<Collateral>
        title="Collaterals"
        testId="loan-collaterals"
        list={embedded.collaterals}
        id={(c) => c.collateralId}
        columns={[
          {
            header: 'Currency',
            cell: (c) => (
              <>
                <PlatformText value={c.currency} />
                {c.mainCurrency !== c.currency ? (
                  <span className="muted">
                    {' '}
                    / <PlatformText value={c.mainCurrency} />
                  </span>
                ) : null}
              </>
            ),
          },
          { header: 'Amount', right: true, cell: (c) => <Amount value={c.amount} currency={c.currency} /> },
          {
            header: 'Unrealised',
            right: true,
            cell: (c) => <Amount value={c.unrealisedAmount} currency={c.currency} />,
          },
          { header: 'Portfolio', cell: (c) => <IdText value={c.portfolioId} /> },
          { header: 'Updated', cell: (c) => <Timestamp value={c.updatedAt} /> },
        ]}
      />
      <ListSection<LoanAllocation>
        title="Allocations"
        testId="loan-allocations"
        list={embedded.loanAllocations}
        id={(a) => a.loanAllocationId}
        hover={(a) =>
          `${stringOr(a.loanAllocationId)}${a.externalFailureDescription ? ` · ${stringOr(a.externalFailureDescription)}` : ''}`
        }
        columns={[
          { header: 'Type', cell: (a) => <PlatformText value={a.allocationType} /> },
          { header: 'Status', cell: (a) => <Badge value={a.status} /> },
          { header: 'Amount', right: true, cell: (a) => <Amount value={a.amount} currency={a.currency} /> },
          {
            header: 'Requestor',
            className: 'mono small',
            cell: (a) => <PlatformText value={a.requestorCounterpartyId} />,
          },
          { header: 'Created', cell: (a) => <Timestamp value={a.createdAt} /> },
        ]}
      />
      <ListSection<LoanModification>
        title="Modifications"
        testId="loan-modifications"
        list={embedded.loanModifications}
        id={(m) => m.loanModificationId}
        columns={[
          { header: 'Type', cell: (m) => <PlatformText value={m.modificationType} /> },
          { header: 'Status', cell: (m) => <Badge value={m.status} /> },
          {
            header: 'Rate',
            className: 'small',
            cell: (m) => (
              <>
                <PercentValue value={m.extra?.currentInterestRate} bps /> →{' '}
                <PercentValue value={m.extra?.newInterestRate} bps />
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
            { label: 'Currency', value: <PlatformText value={interest.interestCurrency} /> },
            {
              label: 'Accrued',
              value: <Amount value={interest.accruedInterest} currency={interest.interestCurrency} />,
            },
            {
              label: 'Realised',
              value: <Amount value={interest.realisedInterest} currency={interest.interestCurrency} />,
            },
            {
              label: 'Unrealised',
              value: <Amount value={interest.unrealisedInterest} currency={interest.interestCurrency} />,
            },
            { label: 'Last payment', value: <Timestamp value={interest.lastPaymentAt} /> },
            { label: 'Updated', value: <Timestamp value={interest.updatedAt} /> },
          ]}
        />
      ) : (
        NONE
      )}
      <ListSection<Counterparty>
        title="Counterparties"
        testId="loan-counterparties"
        list={embedded.counterparties}
        id={(c) => c.counterpartyId}
        hover={(c) => stringOr(c.counterpartyDescription)}
        columns={[
          { header: 'Name', cell: (c) => <PlatformText value={c.counterpartyName} /> },
          { header: 'Type', cell: (c) => <Badge value={c.counterpartyType} /> },
          { header: 'Id', cell: (c) => <IdText value={c.counterpartyId} /> },
          {
            header: 'Tags',
            className: 'small',
            cell: (c) => (
              <>
                {(Array.isArray(c.tags) ? c.tags.map((t) => displayText(t).text ?? '—') : []).join(', ') ||
                  '—'}
                {c.extra?.exchangeId ? ` · exchange ${displayText(c.extra.exchangeId).text ?? ''}` : ''}
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
      {Array.isArray(embedded.childLoans) && embedded.childLoans.length ? (
        <>
          <h4>Child loans ({embedded.childLoans.length})</h4>
          <JsonBlock value={embedded.childLoans} testId="loan-child-loans" />
        </>
      ) : null}
    </>
  );
}
