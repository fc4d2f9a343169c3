import type { LoanRow } from '@shared/loan-row';
import type { ColumnSpec } from '../../components/data-table';
import { Badge } from '../../components/Badge';
import { Amount } from '../../components/Amount';
import { PercentValue } from '../../components/data-table/cells';
import { currencyAmountKey } from '../../lib/currency-amount-key';
import { loanSide } from '@shared/loan-actions';
import { LOAN_SIDE_PARTIES } from '@shared/platform/enums';
import { columnsFor } from '../../components/view-kit';
import { referenceColumn, type ReferencePricing } from '../../components/ReferenceValue';

const c = columnsFor<LoanRow>();

/**
 * An amount of the loan's currency, right-aligned with the points lined up; sorts by currency
 * first (the opaque key's code order), so different currencies never compare.
 */
function amountColumn(field: 'amount' | 'unrealisedAmount', header: string): ColumnSpec<LoanRow> {
  return {
    id: field,
    header,
    kind: 'id',
    align: 'right',
    value: (l) => currencyAmountKey(l.currency, l[field]),
    render: (l) => <Amount value={l[field]} currency={l.currency} hideUnit align />,
    width: 170,
    title: 'Sorts by currency, then amount: amounts of different currencies are never compared',
  };
}

/** `prices`: the workspace's reference prices (issue 28): the amount's value "at your prices", sortable across currencies. */
export function loanColumns(organizationId: string, prices: ReferencePricing): ColumnSpec<LoanRow>[] {
  return [
    c.id('loanId', 'Loan id', 130),
    {
      id: 'side',
      header: 'Side',
      value: (l) => {
        const s = loanSide(l, organizationId);
        return s ? LOAN_SIDE_PARTIES[s] : '';
      },
      render: (l) => {
        const s = loanSide(l, organizationId);
        return s ? <Badge value={s} label={LOAN_SIDE_PARTIES[s]} /> : <span className="muted">—</span>;
      },
      width: 95,
    },
    // Wide enough for "early-termination-in-progress", the longest loan status.
    c.badge('status', 'Status', 205),
    c.badge('debtRatioStatus', 'LTV status', 112),
    {
      id: 'debtRatio',
      header: 'LTV',
      kind: 'number',
      value: (l) => l.debtRatio,
      render: (l) => <PercentValue value={l.debtRatio} testId="loan-ltv" />,
      width: 80,
    },
    amountColumn('amount', 'Amount'),
    c.text('currency', 'Ccy', 60),
    referenceColumn<LoanRow>(prices, (l) => ({ amount: l.amount, currency: l.currency }), 140),
    c.text('loanType', 'Type', 170, 'grow'),
    {
      id: 'interestRate',
      header: 'Rate',
      kind: 'number',
      value: (l) => l.interestRate,
      render: (l) => <PercentValue value={l.interestRate} bps />,
      width: 72,
    },
    c.time('maturityDate', 'Maturity', 190),
    c.time('updatedAt', 'Updated', 190, 'hidden'),
    c.time('createdAt', 'Created', 190, 'hidden'),
    c.id('externalId', 'External id', 150, 'hidden'),
    { ...amountColumn('unrealisedAmount', 'Unrealised'), defaultHidden: true },
  ];
}
