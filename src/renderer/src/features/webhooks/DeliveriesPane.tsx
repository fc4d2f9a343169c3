import { useEffect, useMemo, useState } from 'react';
import type { SandboxDelivery, WorkspaceView } from '@shared/contract';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { DataTable, defaultLayout, usePersistedLayout } from '../../components/data-table';
import { Timestamp } from '../../components/Timestamp';
import { copper } from '../../lib/api';
import { useWorkspaceQuery } from '../../lib/query-store';
import { deliveryColumns } from './columns';
import { deliveriesQuery, NO_PARAMS, subscriptionsQuery } from './store';
import { DetailCloseButton } from '../../components/DetailCloseButton';

const LAYOUT = defaultLayout(deliveryColumns, { id: 'createdAt', desc: true });
const REFRESH_MS = 2000;

interface Props {
  workspace: WorkspaceView;
  subscriptionId: string;
  onSubscription(id: string): void;
  autoRefresh: boolean;
  onAutoRefresh(on: boolean): void;
}

/** The sandbox's side of webhooks: its subscriptions and every delivery attempt it made. */
export function DeliveriesPane({
  workspace,
  subscriptionId,
  onSubscription,
  autoRefresh,
  onAutoRefresh,
}: Props) {
  const wsId = workspace.id;
  const params = useMemo(() => ({ subscriptionId: subscriptionId || null }), [subscriptionId]);
  const entry = useWorkspaceQuery(deliveriesQuery, wsId, params);
  const subs = useWorkspaceQuery(subscriptionsQuery, wsId, NO_PARAMS);
  const [layout, setLayout] = usePersistedLayout(wsId, 'sandbox-deliveries', LAYOUT);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = entry.data?.find((d) => d.deliveryId === selectedId) ?? null;

  useEffect(() => {
    if (!autoRefresh) return;
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') void deliveriesQuery.load(wsId, params, true);
    }, REFRESH_MS);
    return () => clearInterval(t);
  }, [autoRefresh, wsId, params]);

  const unsubscribe = async (id: string) => {
    const res = await copper().webhooks.unsubscribeSandbox({ workspaceId: wsId, subscriptionId: id });
    if (res.ok && subscriptionId === id) onSubscription('');
    void subscriptionsQuery.load(wsId, NO_PARAMS, true);
  };

  return (
    <div className="split-v">
      <div className="filters" data-testid="sandbox-delivery-filters">
        <label className="field">
          Subscription
          <select
            data-testid="delivery-subscription"
            value={subscriptionId}
            onChange={(e) => onSubscription(e.target.value)}
          >
            <option value="">All subscriptions</option>
            {(subs.data ?? []).map((s) => (
              <option key={s.subscriptionId} value={s.subscriptionId}>
                {s.subscriptionId} → {s.url}
              </option>
            ))}
          </select>
        </label>
        {subscriptionId ? (
          <button
            type="button"
            className="btn small danger"
            data-testid="delivery-unsubscribe"
            onClick={() => void unsubscribe(subscriptionId)}
          >
            Delete this subscription
          </button>
        ) : null}
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="delivery-auto-refresh"
            checked={autoRefresh}
            onChange={(e) => onAutoRefresh(e.target.checked)}
          />
          Auto-refresh (2 s)
        </label>
        <div className="filters-actions">
          <span className="muted small" data-testid="subscription-count">
            {subs.data ? `${subs.data.length} subscription${subs.data.length === 1 ? '' : 's'}` : ''}
          </span>
          <button
            type="button"
            className="btn small"
            data-testid="delivery-refresh"
            onClick={() => {
              void deliveriesQuery.load(wsId, params, true);
              void subscriptionsQuery.load(wsId, NO_PARAMS, true);
            }}
          >
            Refresh
          </button>
        </div>
      </div>
      <div className="split">
        <DataTable
          testId="table-sandbox-deliveries"
          rows={entry.data}
          columns={deliveryColumns}
          getRowId={(d) => d.deliveryId}
          status={entry.status}
          error={entry.error}
          onRetry={() => void deliveriesQuery.load(wsId, params, true)}
          layout={layout}
          onLayoutChange={setLayout}
          selectedId={selectedId}
          onSelect={(d) => setSelectedId(d.deliveryId)}
          emptyText="The sandbox has made no deliveries yet: subscribe, then trigger an event."
          toolbar={<h2 className="pane-title">Sandbox delivery log (newest first, last 1,000)</h2>}
        />
        {selected ? <DeliveryDetail delivery={selected} onClose={() => setSelectedId(null)} /> : null}
      </div>
    </div>
  );
}

function DeliveryDetail({ delivery, onClose }: { delivery: SandboxDelivery; onClose(): void }) {
  return (
    <aside
      className="detail"
      data-testid="delivery-detail"
      data-delivery-id={delivery.deliveryId}
      aria-label="Delivery attempts"
    >
      <h3>
        <span className="ellipsis">{delivery.event}</span>
        <Badge value={delivery.state} />
        <DetailCloseButton onClose={onClose} />
      </h3>
      <table className="sub-table">
        <tbody>
          <tr>
            <th>Delivery</th>
            <td>
              <IdText value={delivery.deliveryId} />
            </td>
          </tr>
          <tr>
            <th>Event id</th>
            <td>
              <IdText value={delivery.eventId} />
            </td>
          </tr>
          <tr>
            <th>URL</th>
            <td className="mono">{delivery.url}</td>
          </tr>
          <tr>
            <th>Next attempt</th>
            <td>
              <Timestamp value={delivery.nextAttemptAt} />
            </td>
          </tr>
        </tbody>
      </table>
      <h4>Attempts</h4>
      <table className="sub-table" data-testid="delivery-attempts">
        <thead>
          <tr>
            <th>#</th>
            <th>At</th>
            <th>Status</th>
            <th className="right">Latency ms</th>
            <th>Error</th>
          </tr>
        </thead>
        <tbody>
          {delivery.attempts.map((a, i) => (
            <tr key={`${a.at}-${i}`} data-testid="delivery-attempt" data-status={a.status ?? ''}>
              <td>{i + 1}</td>
              <td>
                <Timestamp value={a.at} />
              </td>
              <td>
                <Badge
                  value={a.status === null ? 'none' : String(a.status)}
                  tone={a.status === 200 ? 'ok' : 'danger'}
                />
              </td>
              <td className="right mono">{a.latencyMs}</td>
              <td className="small">{a.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </aside>
  );
}
