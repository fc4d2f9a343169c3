/** The ClearLoop table's columns: every field read as the platform sent it (any may be null). */
import type { ClearLoopAction } from '@shared/platform/resources';
import type { ColumnSpec } from '../../components/data-table';
import { columnsFor } from '../../components/view-kit';
import { Amount } from '../../components/Amount';

const c = columnsFor<ClearLoopAction>();
export const columns: ColumnSpec<ClearLoopAction>[] = [
  c.time('createdAt', 'Created', 190),
  c.badge('action', 'Action', 110),
  c.badge('status', 'Status', 100),
  c.amount('amount', 'Amount', 140),
  c.text('currency', 'Ccy', 60),
  c.text('network', 'Network', 95),
  // A USD value keeps its cents ("1,218.50"): padded, never rounded; the points line up at 2 places.
  c.amount('usdAmount', 'USD', 130, {
    render: (a) => <Amount value={a.usdAmount} currency="USD" hideUnit align fracDigits={2} />,
  }),
  c.id('clientAccountId', 'Exchange account', 160, 'grow'),
  c.text('exchangeId', 'Exchange', 95),
  // Short label so the default columns fit at 1280 px; the full name is the header's title.
  c.id('clearLoopPortfolioId', 'Portfolio', 150, { title: 'ClearLoop portfolio id' }),
  c.id('orderId', 'Order id', 170, 'hidden'),
  c.time('completedAt', 'Completed', 190, 'hidden'),
  c.time('updatedAt', 'Updated', 190, 'hidden'),
  c.id('organizationId', 'Organization', 160, 'hidden'),
  c.id('delegatedOrganizationId', 'Delegated org', 160, 'hidden'),
];
