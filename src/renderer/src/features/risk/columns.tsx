import { LOAN_SIDE_PARTIES } from '@shared/platform/enums';
import type { ColumnSpec } from '../../components/data-table';
import { Amount } from '../../components/Amount';
import { Badge } from '../../components/Badge';
import { formatRatioPercent } from '../../lib/decimal';
import { currencyAmountKey } from '../../lib/currency-amount-key';
import { LtvBar } from '../../components/LtvBar';
import { formatDuration, type BoardRow } from './rows';

const headroomCell = (v: string | null, testId: string) =>
  v === null ? (
    <span className="muted" title="unknown: LTV or threshold missing">
      —
    </span>
  ) : (
    <span
      className={v.startsWith('-') ? 'amount negative' : 'amount'}
      title={`${v} (fall in collateral value)`}
      data-testid={testId}
    >
      {formatRatioPercent(v, 1)}
    </span>
  );

/** The fall in collateral value that a threshold leaves, as a column. */
function headroomColumn(
  id: 'headroomMarginCall' | 'headroomDefault',
  header: string,
  testId: string,
  width: number,
  triggers: string,
): ColumnSpec<BoardRow> {
  return {
    id,
    header,
    kind: 'number',
    value: (r) => r.risk[id],
    render: (r) => headroomCell(r.risk[id], testId),
    width,
    title: `Fall in collateral value that triggers ${triggers}: 1 - LTV / threshold`,
  };
}

export const riskColumns: ColumnSpec<BoardRow>[] = [
  { id: 'loanId', header: 'Loan id', kind: 'id', value: (r) => r.loan.loanId, width: 130 },
  {
    id: 'ltv',
    header: 'LTV',
    kind: 'number',
    value: (r) => r.loan.debtRatio,
    render: (r) => (
      <LtvBar
        compact
        ltv={r.loan.debtRatio}
        marginCall={r.loan.extra?.marginCallThreshold}
        defaultAt={r.loan.extra?.defaultThreshold}
      />
    ),
    width: 160,
  },
  headroomColumn('headroomMarginCall', 'To margin call', 'headroom-mc', 110, 'the margin call'),
  headroomColumn('headroomDefault', 'To default', 'headroom-default', 95, 'the default'),
  {
    id: 'band',
    header: 'Status',
    kind: 'badge',
    value: (r) => r.risk.band,
    render: (r) => <Badge value={r.risk.band} title={`LTV status: ${r.loan.debtRatioStatus ?? 'unknown'}`} />,
    width: 110,
  },
  {
    id: 'ltvAge',
    header: 'LTV age',
    kind: 'number',
    value: (r) => r.risk.ltvAgeMs,
    render: (r) => (
      <span title={r.loan.debtRatioUpdatedAt ?? 'unknown'}>
        {formatDuration(r.risk.ltvAgeMs)}
        {r.risk.stale ? (
          <>
            {' '}
            <Badge value="stale" title="LTV older than 15 minutes" />
          </>
        ) : null}
      </span>
    ),
    width: 120,
  },
  {
    id: 'cure',
    header: 'Cure left',
    kind: 'number',
    value: (r) => r.risk.cure?.remainingMs ?? null,
    render: (r) =>
      r.risk.cure === null ? null : r.risk.cure.source === 'platform' ? (
        <span className={r.risk.cure.remainingMs?.startsWith('-') ? 'negative' : undefined}>
          {formatDuration(r.risk.cure.remainingMs)}
        </span>
      ) : (
        <span className="muted" title="The platform gave no start: time since the console first saw it">
          seen {formatDuration(r.risk.cure.elapsedMs)} ago
        </span>
      ),
    width: 120,
  },
  {
    id: 'topUp',
    header: 'Top-up',
    kind: 'id',
    value: (r) =>
      r.tracked?.topUp?.ok ? currencyAmountKey(r.tracked.topUp.currency, r.tracked.topUp.amount) : null,
    render: (r) =>
      r.tracked?.topUp === undefined ? null : r.tracked.topUp.ok ? (
        <Amount value={r.tracked.topUp.amount} currency={r.tracked.topUp.currency} />
      ) : (
        <span className="muted" title={r.tracked.topUp.why}>
          unknown
        </span>
      ),
    width: 130,
  },
  { id: 'counterparty', header: 'Counterparty', value: (r) => r.counterparty, width: 150, grow: true },
  {
    id: 'side',
    header: 'Side',
    kind: 'badge',
    value: (r) => (r.side ? LOAN_SIDE_PARTIES[r.side] : ''),
    render: (r) => (r.side ? <Badge value={r.side} label={LOAN_SIDE_PARTIES[r.side]} /> : null),
    width: 90,
  },
  {
    id: 'amount',
    header: 'Amount',
    kind: 'id',
    value: (r) => currencyAmountKey(r.loan.currency, r.loan.amount),
    render: (r) => <Amount value={r.loan.amount} currency={r.loan.currency} />,
    width: 150,
    title: 'Sorted by currency, then amount: amounts of different currencies are never compared',
  },
];
