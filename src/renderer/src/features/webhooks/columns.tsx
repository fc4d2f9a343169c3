import type { ReceivedWebhook, SandboxDelivery, WebhookVerdict } from '@shared/contract';
import { Badge } from '../../components/Badge';
import type { ColumnSpec } from '../../components/data-table';
import type { Tone } from '../../components/tones';
import { columnsFor } from '../../components/view-kit';
import { objectEntries } from '../../lib/display-text';

const VERDICT_TONE: Record<WebhookVerdict, Tone> = {
  valid: 'ok',
  invalid: 'danger',
  stale: 'warn',
  malformed: 'neutral',
};

/** valid green, invalid red, stale amber, malformed grey; the reason on hover. */
export function VerdictBadge({ verdict, reason }: { verdict: WebhookVerdict; reason: string }) {
  return (
    <span data-testid="verdict" data-verdict={verdict}>
      <Badge value={verdict} tone={VERDICT_TONE[verdict]} title={reason} />
    </span>
  );
}

const received = columnsFor<ReceivedWebhook>();

export const receivedColumns: ColumnSpec<ReceivedWebhook>[] = [
  { id: 'seq', header: '#', kind: 'number', value: (e) => e.id, width: 60 },
  received.time('receivedAt', 'Received', 190),
  received.text('event', 'Event', 220, 'grow'),
  {
    id: 'verdict',
    header: 'Verdict',
    value: (e) => e.verdict,
    render: (e) => <VerdictBadge verdict={e.verdict} reason={e.reason} />,
    width: 90,
  },
  received.id('subscriptionId', 'Subscription', 200),
  received.id('eventId', 'Event id', 200, 'hidden'),
  received.text('reason', 'Reason', 260, 'hidden'),
  received.text('path', 'Path', 120, 'hidden'),
];

const STATE_TONE: Record<SandboxDelivery['state'], Tone> = {
  pending: 'info',
  delivered: 'ok',
  retrying: 'warn',
  failed: 'danger',
};

type Attempt = SandboxDelivery['attempts'][number];
const attemptsOf = (d: SandboxDelivery): Attempt[] => objectEntries<Attempt>(d.attempts);
const lastAttempt = (d: SandboxDelivery): Attempt | undefined => attemptsOf(d).at(-1);

function statusTone(status: number | null): Tone {
  if (status === 200) return 'ok';
  return 'danger';
}

const delivery = columnsFor<SandboxDelivery>();

export const deliveryColumns: ColumnSpec<SandboxDelivery>[] = [
  delivery.time('createdAt', 'Created', 190),
  delivery.text('event', 'Event', 200),
  {
    id: 'state',
    header: 'State',
    value: (d) => d.state,
    render: (d) => <Badge value={d.state} tone={STATE_TONE[d.state]} />,
    width: 90,
  },
  {
    id: 'attempts',
    header: 'Attempts',
    kind: 'number',
    value: (d) => String(attemptsOf(d).length),
    width: 80,
  },
  {
    id: 'lastStatus',
    header: 'Last status',
    value: (d) => {
      const a = lastAttempt(d);
      return a ? (a.status === null ? 'none' : String(a.status)) : '';
    },
    render: (d) => {
      const a = lastAttempt(d);
      if (!a) return <span className="muted">—</span>;
      return (
        <Badge
          value={a.status === null ? 'none' : String(a.status)}
          tone={statusTone(a.status)}
          title={a.error ?? undefined}
        />
      );
    },
    width: 90,
  },
  {
    id: 'lastLatency',
    header: 'Latency ms',
    kind: 'number',
    value: (d) => {
      const a = lastAttempt(d);
      return a ? String(a.latencyMs) : '';
    },
    width: 90,
  },
  delivery.time('nextAttemptAt', 'Next attempt', 190),
  delivery.text('url', 'URL', 240, 'grow'),
  delivery.id('subscriptionId', 'Subscription', 200),
  delivery.id('eventId', 'Event id', 200, 'hidden'),
  delivery.id('deliveryId', 'Delivery id', 200, 'hidden'),
];
