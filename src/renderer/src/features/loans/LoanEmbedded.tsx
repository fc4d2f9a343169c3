import type { LoanEmbedded as Embedded } from '@shared/platform/resources';
import { Amount } from '../../components/Amount';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { formatBps } from '../../lib/decimal';

/** Every embedded section of a loan; unknown shapes (childLoans, marginCall) as raw JSON. */
export function LoanEmbedded({ embedded }: { embedded: Embedded | undefined }) {
  if (!embedded) return <p className="muted small">No embedded data returned.</p>;
  const { collaterals = [], loanAllocations = [], loanModifications = [], counterparties = [] } = embedded;
  const interest = embedded.loanInterest;
  return (
    <>
      <h4>Collaterals ({collaterals.length})</h4>
      {collaterals.length ? (
        <table className="sub-table" data-testid="loan-collaterals">
          <thead>
            <tr>
              <th>Currency</th>
              <th className="right">Amount</th>
              <th className="right">Unrealised</th>
              <th>Portfolio</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {collaterals.map((c) => (
              <tr key={c.collateralId} title={c.collateralId}>
                <td>
                  {c.currency}
                  {c.mainCurrency !== c.currency ? <span className="muted"> / {c.mainCurrency}</span> : null}
                </td>
                <td className="right">
                  <Amount value={c.amount} />
                </td>
                <td className="right">
                  <Amount value={c.unrealisedAmount} />
                </td>
                <td>
                  <IdText value={c.portfolioId} />
                </td>
                <td>
                  <Timestamp value={c.updatedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small">None.</p>
      )}
      <h4>Allocations ({loanAllocations.length})</h4>
      {loanAllocations.length ? (
        <table className="sub-table" data-testid="loan-allocations">
          <thead>
            <tr>
              <th>Type</th>
              <th>Status</th>
              <th className="right">Amount</th>
              <th>Requestor</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {loanAllocations.map((a) => (
              <tr
                key={a.loanAllocationId}
                title={`${a.loanAllocationId}${a.externalFailureDescription ? ` · ${a.externalFailureDescription}` : ''}`}
              >
                <td>{a.allocationType}</td>
                <td>
                  <Badge value={a.status} />
                </td>
                <td className="right">
                  <Amount value={a.amount} currency={a.currency} />
                </td>
                <td className="mono small">{a.requestorCounterpartyId ?? '—'}</td>
                <td>
                  <Timestamp value={a.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small">None.</p>
      )}
      <h4>Modifications ({loanModifications.length})</h4>
      {loanModifications.length ? (
        <table className="sub-table" data-testid="loan-modifications">
          <thead>
            <tr>
              <th>Type</th>
              <th>Status</th>
              <th>Rate</th>
              <th>Maturity</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {loanModifications.map((m) => (
              <tr key={m.loanModificationId} title={m.loanModificationId}>
                <td>{m.modificationType}</td>
                <td>
                  <Badge value={m.status} />
                </td>
                <td className="small">
                  {m.extra?.currentInterestRate ? formatBps(m.extra.currentInterestRate) : '—'} →{' '}
                  {m.extra?.newInterestRate ? formatBps(m.extra.newInterestRate) : '—'}
                </td>
                <td className="small">
                  <Timestamp value={m.extra?.currentMaturityDate} /> →{' '}
                  <Timestamp value={m.extra?.newMaturityDate} />
                </td>
                <td>
                  <Timestamp value={m.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small">None.</p>
      )}
      <h4>Interest</h4>
      {interest ? (
        <dl className="kv" data-testid="loan-interest">
          <dt>Currency</dt>
          <dd>{interest.interestCurrency}</dd>
          <dt>Accrued</dt>
          <dd>
            <Amount value={interest.accruedInterest} />
          </dd>
          <dt>Realised</dt>
          <dd>
            <Amount value={interest.realisedInterest} />
          </dd>
          <dt>Unrealised</dt>
          <dd>
            <Amount value={interest.unrealisedInterest} />
          </dd>
          <dt>Last payment</dt>
          <dd>
            <Timestamp value={interest.lastPaymentAt} />
          </dd>
          <dt>Updated</dt>
          <dd>
            <Timestamp value={interest.updatedAt} />
          </dd>
        </dl>
      ) : (
        <p className="muted small">None.</p>
      )}
      <h4>Counterparties ({counterparties.length})</h4>
      {counterparties.length ? (
        <table className="sub-table" data-testid="loan-counterparties">
          <thead>
            <tr>
              <th>Name</th>
              <th>Type</th>
              <th>Id</th>
              <th>Tags</th>
            </tr>
          </thead>
          <tbody>
            {counterparties.map((c) => (
              <tr key={c.counterpartyId} title={c.counterpartyDescription ?? ''}>
                <td>{c.counterpartyName}</td>
                <td>
                  <Badge value={c.counterpartyType} />
                </td>
                <td>
                  <IdText value={c.counterpartyId} />
                </td>
                <td className="small">
                  {(c.tags ?? []).join(', ') || '—'}
                  {c.extra?.exchangeId ? ` · exchange ${c.extra.exchangeId}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small">None.</p>
      )}
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
