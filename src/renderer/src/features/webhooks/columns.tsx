import type { ReceivedWebhook, SandboxDelivery, WebhookVerdict } from '@shared/contract';
import { Badge } from '../../components/Badge';
import type { ColumnSpec } from '../../components/data-table';
import type { Tone } from '../../components/tones';

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

export const receivedColumns: ColumnSpec<ReceivedWebhook>[] = [
  { id: 'seq', header: '#', kind: 'number', value: (e) => e.id, width: 60 },
  { id: 'receivedAt', header: 'Received', kind: 'time', value: (e) => e.receivedAt, width: 160 },
  { id: 'event', header: 'Event', value: (e) => e.event, width: 220, grow: true },
  {
    id: 'verdict',
    header: 'Verdict',
    value: (e) => e.verdict,
    render: (e) => <VerdictBadge verdict={e.verdict} reason={e.reason} />,
    width: 90,
  },
  { id: 'subscriptionId', header: 'Subscription', kind: 'id', value: (e) => e.subscriptionId, width: 200 },
  { id: 'eventId', header: 'Event id', kind: 'id', value: (e) => e.eventId, width: 200, defaultHidden: true },
  { id: 'reason', header: 'Reason', value: (e) => e.reason, width: 260, defaultHidden: true },
  { id: 'path', header: 'Path', value: (e) => e.path, width: 120, defaultHidden: true },
];

const STATE_TONE: Record<SandboxDelivery['state'], Tone> = {
  pending: 'info',
  delivered: 'ok',
  retrying: 'warn',
  failed: 'danger',
};

const lastAttempt = (d: SandboxDelivery) => d.attempts[d.attempts.length - 1];

function statusTone(status: number | null): Tone {
  if (status === 200) return 'ok';
  return 'danger';
}

export const deliveryColumns: ColumnSpec<SandboxDelivery>[] = [
  { id: 'createdAt', header: 'Created', kind: 'time', value: (d) => d.createdAt, width: 160 },
  { id: 'event', header: 'Event', value: (d) => d.event, width: 200 },
  {
    id: 'state',
    header: 'State',
    value: (d) => d.state,
    render: (d) => <Badge value={d.state} tone={STATE_TONE[d.state]} />,
    width: 90,
  },
  { id: 'attempts', header: 'Attempts', kind: 'number', value: (d) => String(d.attempts.length), width: 80 },
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
  { id: 'nextAttemptAt', header: 'Next attempt', kind: 'time', value: (d) => d.nextAttemptAt, width: 160 },
  { id: 'url', header: 'URL', value: (d) => d.url, width: 240, grow: true },
  { id: 'subscriptionId', header: 'Subscription', kind: 'id', value: (d) => d.subscriptionId, width: 200 },
  { id: 'eventId', header: 'Event id', kind: 'id', value: (d) => d.eventId, width: 200, defaultHidden: true },
  {
    id: 'deliveryId',
    header: 'Delivery id',
    kind: 'id',
    value: (d) => d.deliveryId,
    width: 200,
    defaultHidden: true,
  },
];
