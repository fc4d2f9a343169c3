import type { Portfolio, Wallet } from '@shared/platform/resources';
import type { ColumnSpec } from '../../components/data-table';
import { Badge } from '../../components/Badge';
import { activeWord } from './active';
import { columnsFor } from '../../components/view-kit';
import { referenceColumn, type ReferencePricing } from '../../components/ReferenceValue';

const p = columnsFor<Portfolio>();
const w = columnsFor<Wallet>();

export const portfolioColumns: ColumnSpec<Portfolio>[] = [
  p.text('portfolioName', 'Name', 220, 'grow'),
  p.id('portfolioId', 'Portfolio id', 250),
  p.badge('portfolioType', 'Type', 120),
  p.badge('status', 'Status', 110),
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
  p.time('createdAt', 'Created', 190),
  p.time('updatedAt', 'Updated', 190, 'hidden'),
  p.id('createdBy', 'Created by', 160, 'hidden'),
];

/** A wallet's portfolio as shown: its name (or id when unknown) and whether it is inactive. */
export interface PortfolioLabel {
  name: string;
  inactive: boolean;
}

export function walletColumns(
  portfolioOf: (id: string) => PortfolioLabel,
  prices: ReferencePricing,
): ColumnSpec<Wallet>[] {
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
    w.text('currency', 'Ccy', 70),
    w.text('mainCurrency', 'Network', 95),
    // Wide enough for "trading-vault", the longest portfolio type.
    w.badge('portfolioType', 'Type', 115),
    w.amount('balance', 'Balance', 135),
    w.amount('available', 'Available', 135),
    w.amount('locked', 'Locked', 105),
    w.amount('reserve', 'Reserve', 105),
    w.amount('stakeBalance', 'Stake', 100),
    w.amount('totalBalance', 'Total', 135),
    referenceColumn<Wallet>(prices, (w) => ({ amount: w.totalBalance, currency: w.currency })),
    w.id('walletId', 'Wallet id', 200, 'hidden'),
    w.id('portfolioId', 'Portfolio id', 200, 'hidden'),
    w.time('updatedAt', 'Updated', 190, 'hidden'),
  ];
}
