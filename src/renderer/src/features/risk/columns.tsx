import { LOAN_SIDE_PARTIES } from '@shared/platform/enums';
import type { ColumnSpec } from '../../components/data-table';
import { Amount } from '../../components/Amount';
import { Badge } from '../../components/Badge';
import { formatPercent } from '../../lib/format';
import { currencyAmountKey } from '../../lib/currency-amount-key';
import { LtvBar } from '../../components/LtvBar';
import { describeAge, formatCountdown, formatDuration } from '../../lib/time';
import type { BoardRow } from './rows';

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
      {formatPercent(v, 1)}
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

/** The LTV's age; a negative one (the platform's clock ahead of this machine's) is flagged, not shown. */
function LtvAge({ row }: { row: BoardRow }) {
  const age = describeAge(row.risk.ltvAgeMs);
  return (
    <span title={age.skew ?? row.loan.debtRatioUpdatedAt ?? 'unknown'} data-testid="risk-ltv-age">
      {age.skew === null ? (
        age.text
      ) : (
        <Badge value="clock-skew" tone="warn" label={age.text} title={age.skew} />
      )}
      {row.risk.stale ? (
        <>
          {' '}
          <Badge value="stale" title="LTV older than 15 minutes" />
        </>
      ) : null}
    </span>
  );
}

/** Margin call and default rows: the amount, or "no target" / "unknown" with why (never 0). */
function TopUpCell({ row }: { row: BoardRow }) {
  const t = row.topUp;
  if (t === null) return null;
  if (t.ok) return <Amount value={t.amount} currency={t.currency} align />;
  return (
    <span className="muted" title={t.why} data-testid="risk-topup-cell">
      {t.noTarget ? 'no target' : 'unknown'}
    </span>
  );
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
    render: (r) => <LtvAge row={r} />,
    width: 120,
  },
  {
    id: 'cure',
    header: 'Cure left',
    kind: 'number',
    value: (r) => r.risk.cure?.remainingMs ?? null,
    render: (r) =>
      r.risk.cure === null ? null : r.risk.cure.source === 'platform' ? (
        <span
          className={r.risk.cure.remainingMs?.startsWith('-') ? 'negative' : undefined}
          data-testid="risk-cure-cell"
        >
          {formatCountdown(r.risk.cure.remainingMs)}
        </span>
      ) : (
        <span className="muted" title="The platform gave no start: time since the console first saw it">
          seen {formatDuration(r.risk.cure.elapsedMs)} ago
        </span>
      ),
    width: 130,
  },
  {
    id: 'topUp',
    header: 'Top-up',
    kind: 'id',
    align: 'right',
    value: (r) => (r.topUp?.ok ? currencyAmountKey(r.topUp.currency, r.topUp.amount) : null),
    render: (r) => <TopUpCell row={r} />,
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
    align: 'right',
    value: (r) => currencyAmountKey(r.loan.currency, r.loan.amount),
    render: (r) => <Amount value={r.loan.amount} currency={r.loan.currency} align />,
    width: 190,
    title: 'Sorted by currency, then amount: amounts of different currencies are never compared',
  },
];
