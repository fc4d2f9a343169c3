import type { Loan } from '@shared/platform/resources';
import type { ColumnSpec } from '../../components/data-table';
import { Badge } from '../../components/Badge';
import { Amount } from '../../components/Amount';
import { amountSortKey, formatBps, formatRatioPercent } from '../../lib/decimal';
import { loanSide } from '@shared/loan-actions';

/**
 * An amount's sort key within its currency: the currency first, then the decimal key, so a sort
 * groups by currency and never orders 1 BTC below 2 ETH. Sorted as an opaque id (code units).
 */
export function currencyAmountKey(currency: unknown, amount: unknown): string | null {
  const key = amountSortKey(amount);
  return typeof currency === 'string' && key !== null ? `${currency}\u0001${key}` : null;
}

export function loanColumns(organizationId: string): ColumnSpec<Loan>[] {
  return [
    { id: 'loanId', header: 'Loan id', kind: 'id', value: (l) => l.loanId, width: 130 },
    {
      id: 'side',
      header: 'Side',
      value: (l) => loanSide(l, organizationId) ?? '',
      render: (l) => {
        const s = loanSide(l, organizationId);
        return s ? (
          <Badge value={s === 'lender' ? 'lend' : 'borrow'} label={s} />
        ) : (
          <span className="muted">—</span>
        );
      },
      width: 95,
    },
    // Wide enough for "early-termination-in-progress", the longest loan status.
    { id: 'status', header: 'Status', kind: 'badge', value: (l) => l.status, width: 205 },
    {
      id: 'debtRatioStatus',
      header: 'LTV status',
      kind: 'badge',
      value: (l) => l.debtRatioStatus,
      width: 112,
    },
    {
      id: 'debtRatio',
      header: 'LTV',
      kind: 'number',
      value: (l) => l.debtRatio,
      render: (l) => (
        <span className="amount" title={l.debtRatio ?? undefined}>
          {l.debtRatio ? formatRatioPercent(l.debtRatio) : '—'}
        </span>
      ),
      width: 70,
    },
    {
      id: 'amount',
      header: 'Amount',
      kind: 'id',
      value: (l) => currencyAmountKey(l.currency, l.amount),
      render: (l) => <Amount value={l.amount} />,
      width: 130,
      title: 'Sorts by currency, then amount: amounts of different currencies are never compared',
    },
    { id: 'currency', header: 'Ccy', value: (l) => l.currency, width: 60 },
    { id: 'loanType', header: 'Type', value: (l) => l.loanType, width: 170, grow: true },
    {
      id: 'interestRate',
      header: 'Rate',
      kind: 'number',
      value: (l) => l.interestRate,
      render: (l) => (
        <span className="amount" title={l.interestRate ? `${l.interestRate} bps` : undefined}>
          {l.interestRate ? formatBps(l.interestRate) : '—'}
        </span>
      ),
      width: 66,
    },
    { id: 'maturityDate', header: 'Maturity', kind: 'time', value: (l) => l.maturityDate, width: 155 },
    {
      id: 'updatedAt',
      header: 'Updated',
      kind: 'time',
      value: (l) => l.updatedAt,
      width: 160,
      defaultHidden: true,
    },
    {
      id: 'createdAt',
      header: 'Created',
      kind: 'time',
      value: (l) => l.createdAt,
      width: 160,
      defaultHidden: true,
    },
    {
      id: 'externalId',
      header: 'External id',
      kind: 'id',
      value: (l) => l.externalId,
      width: 150,
      defaultHidden: true,
    },
    {
      id: 'unrealisedAmount',
      header: 'Unrealised',
      kind: 'id',
      value: (l) => currencyAmountKey(l.currency, l.unrealisedAmount),
      render: (l) => <Amount value={l.unrealisedAmount} />,
      width: 130,
      defaultHidden: true,
    },
  ];
}
