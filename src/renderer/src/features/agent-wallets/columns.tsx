/** The agent wallets table's columns: every field read as the platform sent it (any may be null). */
import type { AgentWallet } from '@shared/platform/resources';
import { Badge } from '../../components/Badge';
import type { ColumnSpec } from '../../components/data-table';
import { Timestamp } from '../../components/Timestamp';
import { columnsFor } from '../../components/view-kit';
import { stringOr } from '../../lib/display-text';
import { formatRemaining, parseTimestamp } from '../../lib/time';

const c = columnsFor<AgentWallet>();

/** When the wallet stops being valid, or null: "0" and anything that is no time mean none. */
function validUntilMs(w: AgentWallet): number | null {
  return w.validUntil === null || w.validUntil === '0' ? null : parseTimestamp(w.validUntil);
}

/** `nameOf`: a portfolio's name when known; `now`: the clock the "time remaining" is counted from. */
export function agentWalletColumns(
  nameOf: (portfolioId: string) => string | undefined,
  now: number,
): ColumnSpec<AgentWallet>[] {
  return [
    c.text('name', 'Name', 140),
    c.badge('status', 'Status', 85),
    {
      id: 'revoke',
      header: 'Revoke',
      value: (w) => w.revokeOrderId ?? '',
      render: (w) =>
        w.revokeOrderId ? (
          <Badge value="pending" label="revoke pending" title={`Revoke order ${String(w.revokeOrderId)}`} />
        ) : (
          <span className="muted">—</span>
        ),
      width: 130,
    },
    c.id('address', 'Address', 170, 'grow'),
    {
      id: 'portfolio',
      header: 'Portfolio',
      value: (w) => nameOf(stringOr(w.portfolioId)) ?? w.portfolioId,
      width: 140,
    },
    c.badge('orderStatus', 'Order status', 140),
    {
      id: 'validUntil',
      header: 'Valid until',
      kind: 'time',
      value: (w) => (validUntilMs(w) === null ? null : w.validUntil),
      render: (w) => {
        const ms = validUntilMs(w);
        if (ms === null)
          return (
            <span className="muted" title={`raw: ${JSON.stringify(w.validUntil) ?? 'nothing'}`}>
              none
            </span>
          );
        return (
          <span className="valid-until">
            <Timestamp value={w.validUntil} />
            <span
              className={
                ms < now ? 'badge tone-danger' : ms - now < 86_400_000 ? 'badge tone-warn' : 'muted small'
              }
            >
              {formatRemaining(ms, now)}
            </span>
          </span>
        );
      },
      width: 290,
    },
    c.id('createdBy', 'Creator', 120),
    c.time('createdAt', 'Created', 190, 'hidden'),
    c.id('id', 'Id', 170, 'hidden'),
    c.id('orderId', 'Order id', 170, 'hidden'),
  ];
}
