import type { Portfolio, Wallet } from '@shared/platform/resources';
import type { ColumnSpec } from '../../components/data-table';
import { Badge } from '../../components/Badge';
import { activeWord } from './active';

export const portfolioColumns: ColumnSpec<Portfolio>[] = [
  { id: 'portfolioName', header: 'Name', value: (p) => p.portfolioName, width: 220, grow: true },
  { id: 'portfolioId', header: 'Portfolio id', kind: 'id', value: (p) => p.portfolioId, width: 250 },
  { id: 'portfolioType', header: 'Type', kind: 'badge', value: (p) => p.portfolioType, width: 120 },
  { id: 'status', header: 'Status', kind: 'badge', value: (p) => p.status, width: 110 },
  {
    id: 'isActive',
    header: 'Active',
    value: (p) => activeWord(p.isActive),
    render: (p) => {
      const word = activeWord(p.isActive);
      if (word === 'unknown')
        return (
          <span
            className="muted"
            title={`The platform sent isActive: ${JSON.stringify(p.isActive) ?? 'nothing'}`}
          >
            unknown
          </span>
        );
      return <Badge value={word === 'yes' ? 'active' : 'inactive'} label={word} />;
    },
    width: 80,
  },
  {
    id: 'exchange',
    header: 'Exchange',
    value: (p) => (typeof p.extra?.exchange === 'string' ? p.extra.exchange : ''),
    width: 110,
  },
  { id: 'createdAt', header: 'Created', kind: 'time', value: (p) => p.createdAt, width: 160 },
  {
    id: 'updatedAt',
    header: 'Updated',
    kind: 'time',
    value: (p) => p.updatedAt,
    width: 160,
    defaultHidden: true,
  },
  {
    id: 'createdBy',
    header: 'Created by',
    kind: 'id',
    value: (p) => p.createdBy,
    width: 160,
    defaultHidden: true,
  },
];

/** A wallet's portfolio as shown: its name (or id when unknown) and whether it is inactive. */
export interface PortfolioLabel {
  name: string;
  inactive: boolean;
}

export function walletColumns(portfolioOf: (id: string) => PortfolioLabel): ColumnSpec<Wallet>[] {
  return [
    {
      id: 'portfolio',
      header: 'Portfolio',
      value: (w) => portfolioOf(w.portfolioId).name,
      render: (w) => {
        const p = portfolioOf(w.portfolioId);
        return (
          <span
            className="cell-with-tag"
            title={`${p.name}${p.inactive ? ' (inactive)' : ''} — ${w.portfolioId}`}
          >
            <span className="ellipsis">{p.name}</span>
            {p.inactive ? (
              <span className="badge tone-neutral" data-testid="portfolio-inactive">
                inactive
              </span>
            ) : null}
          </span>
        );
      },
      width: 170,
      grow: true,
    },
    { id: 'currency', header: 'Ccy', value: (w) => w.currency, width: 70 },
    { id: 'mainCurrency', header: 'Network', value: (w) => w.mainCurrency, width: 95 },
    // Wide enough for "trading-vault", the longest portfolio type.
    { id: 'portfolioType', header: 'Type', kind: 'badge', value: (w) => w.portfolioType, width: 115 },
    { id: 'balance', header: 'Balance', kind: 'amount', value: (w) => w.balance, width: 135 },
    { id: 'available', header: 'Available', kind: 'amount', value: (w) => w.available, width: 135 },
    { id: 'locked', header: 'Locked', kind: 'amount', value: (w) => w.locked, width: 105 },
    { id: 'reserve', header: 'Reserve', kind: 'amount', value: (w) => w.reserve, width: 105 },
    { id: 'stakeBalance', header: 'Stake', kind: 'amount', value: (w) => w.stakeBalance, width: 100 },
    { id: 'totalBalance', header: 'Total', kind: 'amount', value: (w) => w.totalBalance, width: 135 },
    {
      id: 'walletId',
      header: 'Wallet id',
      kind: 'id',
      value: (w) => w.walletId,
      width: 200,
      defaultHidden: true,
    },
    {
      id: 'portfolioId',
      header: 'Portfolio id',
      kind: 'id',
      value: (w) => w.portfolioId,
      width: 200,
      defaultHidden: true,
    },
    {
      id: 'updatedAt',
      header: 'Updated',
      kind: 'time',
      value: (w) => w.updatedAt,
      width: 160,
      defaultHidden: true,
    },
  ];
}
