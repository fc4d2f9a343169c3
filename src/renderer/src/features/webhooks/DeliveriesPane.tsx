import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SandboxDelivery, WorkspaceView } from '@shared/contract';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { DataTable, defaultLayout } from '../../components/data-table';
import { Timestamp } from '../../components/Timestamp';
import { deliveryColumns } from './columns';
import { deliveriesQuery, subscriptionsQuery, unsubscribeSandbox } from './queries';
import {
  DetailPane,
  FieldList,
  FilterBar,
  filterFieldsFor,
  SubTable,
  useAutoRefresh,
  useSelectedRow,
  useTabTable,
} from '../../components/view-kit';

const LAYOUT = defaultLayout(deliveryColumns, { id: 'createdAt', desc: true });
const REFRESH_MS = 2000;
const deliveryIdOf = (d: SandboxDelivery) => d.deliveryId;
const f = filterFieldsFor<{ subscriptionId: string; autoRefresh: boolean }>();

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
  const deliveries = useQuery(deliveriesQuery(wsId, subscriptionId || null));
  const subs = useQuery(subscriptionsQuery(wsId));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = useSelectedRow(deliveries.data, deliveryIdOf, selectedId, setSelectedId);

  const reload = () => void deliveries.refetch();
  useAutoRefresh(autoRefresh, REFRESH_MS, reload);
  const table = useTabTable(wsId, 'sandbox-deliveries', LAYOUT, deliveries, reload);

  const subscriptionOptions = (subs.data ?? []).map((s) => ({
    value: s.subscriptionId,
    label: `${s.subscriptionId} → ${s.url}`,
  }));

  const unsubscribe = async (id: string) => {
    const res = await unsubscribeSandbox(wsId, id);
    if (res.ok && subscriptionId === id) onSubscription('');
  };

  return (
    <div className="split-v">
      <FilterBar
        testId="sandbox-delivery-filters"
        actions={{
          before: (
            <span className="muted small" data-testid="subscription-count">
              {subs.data ? `${subs.data.length} subscription${subs.data.length === 1 ? '' : 's'}` : ''}
            </span>
          ),
          onRefresh: () => {
            reload();
            void subs.refetch();
          },
          refreshTestId: 'delivery-refresh',
        }}
        fields={[
          f.select('subscriptionId', 'Subscription', 'delivery-subscription', subscriptionOptions, {
            anyLabel: 'All subscriptions',
          }),
          f.custom('unsubscribe', () =>
            subscriptionId ? (
              <button
                type="button"
                className="btn small danger"
                data-testid="delivery-unsubscribe"
                onClick={() => void unsubscribe(subscriptionId)}
              >
                Delete this subscription
              </button>
            ) : null,
          ),
          f.checkbox('autoRefresh', 'Auto-refresh (2 s)', 'delivery-auto-refresh'),
        ]}
        value={{ subscriptionId, autoRefresh }}
        onChange={(patch) => {
          if (patch.subscriptionId !== undefined) onSubscription(patch.subscriptionId);
          if (patch.autoRefresh !== undefined) onAutoRefresh(patch.autoRefresh);
        }}
      />
      <div className="split">
        <DataTable
          {...table}
          {...selected.table}
          rows={deliveries.data ?? null}
          columns={deliveryColumns}
          emptyText="The sandbox has made no deliveries yet: subscribe, then trigger an event."
          toolbar={<h2 className="pane-title">Sandbox delivery log (newest first, last 1,000)</h2>}
        />
        {selected.row ? <DeliveryDetail delivery={selected.row} onClose={selected.close} /> : null}
      </div>
    </div>
  );
}

function DeliveryDetail({ delivery, onClose }: { delivery: SandboxDelivery; onClose(): void }) {
  return (
    <DetailPane
      testId="delivery-detail"
      label="Delivery attempts"
      data={{ 'data-delivery-id': delivery.deliveryId }}
      onClose={onClose}
      title={
        <>
          <span className="ellipsis">{delivery.event}</span>
          <Badge value={delivery.state} />
        </>
      }
    >
      <FieldList
        variant="table"
        fields={[
          { label: 'Delivery', value: <IdText value={delivery.deliveryId} /> },
          { label: 'Event id', value: <IdText value={delivery.eventId} /> },
          { label: 'URL', value: delivery.url, className: 'mono' },
          { label: 'Next attempt', value: <Timestamp value={delivery.nextAttemptAt} /> },
        ]}
      />
      <h4>Attempts</h4>
      <SubTable
        testId="delivery-attempts"
        rows={delivery.attempts}
        rowKey={(a, i) => `${a.at}-${i}`}
        rowProps={(a) => ({ 'data-testid': 'delivery-attempt', 'data-status': String(a.status ?? '') })}
        columns={[
          { header: '#', cell: (_a, i) => i + 1 },
          { header: 'At', cell: (a) => <Timestamp value={a.at} /> },
          {
            header: 'Status',
            cell: (a) => (
              <Badge
                value={a.status === null ? 'none' : String(a.status)}
                tone={a.status === 200 ? 'ok' : 'danger'}
              />
            ),
          },
          { header: 'Latency ms', right: true, className: 'mono', cell: (a) => a.latencyMs },
          { header: 'Error', className: 'small', cell: (a) => a.error ?? '' },
        ]}
      />
    </DetailPane>
  );
}
