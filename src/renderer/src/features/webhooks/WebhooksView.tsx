import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WEBHOOK_VERDICTS, type ReceivedWebhook, type WorkspaceView } from '@shared/contract';
import { ALL_WEBHOOK_EVENT_TYPES } from '@shared/platform/enums';
import type { AppError } from '@shared/result';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout } from '../../components/data-table';
import { ErrorBanner } from '../../components/ErrorBanner';
import {
  FilterBar,
  SectionTabs,
  filterFieldsFor,
  useSelectedRow,
  useTabTable,
} from '../../components/view-kit';
import { receivedColumns } from './columns';
import { DeliveriesPane } from './DeliveriesPane';
import { ReceiverControls } from './ReceiverControls';
import { clearReceived, receivedQuery } from './queries';
import { EMPTY_DRAFT, VerifyPane, type VerifyDraft } from './VerifyPane';
import { WebhookDetail } from './WebhookDetail';
import './webhooks.css';

const SECTIONS = [
  { id: 'received', label: 'Received' },
  { id: 'deliveries', label: 'Sandbox delivery log' },
  { id: 'verify', label: 'Verify a delivery' },
] as const;
type Section = (typeof SECTIONS)[number]['id'];

const filterSchema = z.object({
  section: z.enum(['received', 'deliveries', 'verify']),
  eventType: z.string().max(100),
  verdict: z.enum(['', ...WEBHOOK_VERDICTS]),
  port: z.string().max(10),
  subscriptionId: z.string().max(200),
  autoRefresh: z.boolean(),
});
type Filters = z.infer<typeof filterSchema>;
const DEFAULTS: Filters = {
  section: 'received',
  eventType: '',
  verdict: '',
  port: '0',
  subscriptionId: '',
  autoRefresh: true,
};
const LAYOUT = defaultLayout(receivedColumns, { id: 'seq', desc: true });
const entryIdOf = (e: ReceivedWebhook) => e.id;
const f = filterFieldsFor<Pick<Filters, 'eventType' | 'verdict'>>();
const VERDICT_FIELD = f.select('verdict', 'Verdict', 'webhook-filter-verdict', WEBHOOK_VERDICTS, {
  anyLabel: 'Any',
  parse: (value) => {
    const v = filterSchema.shape.verdict.safeParse(value);
    return v.success ? v.data : '';
  },
});

export default function WebhooksView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [filters, setFilters] = useFeatureFilters(wsId, 'webhooks', filterSchema, DEFAULTS);
  const set = (patch: Partial<Filters>) => setFilters({ ...filters, ...patch });
  const [verifyDraft, setVerifyDraft] = useState<{ n: number; draft: VerifyDraft }>({
    n: 0,
    draft: EMPTY_DRAFT,
  });
  const isSandbox = workspace.environment === 'sandbox';
  const section: Section = filters.section === 'deliveries' && !isSandbox ? 'received' : filters.section;

  const toVerify = (entry: ReceivedWebhook) => {
    setVerifyDraft((v) => ({
      n: v.n + 1,
      draft: {
        signature: entry.headers['X-Signature'] ?? '',
        timestamp: entry.headers['X-Timestamp'] ?? '',
        xId: entry.headers['X-Id'] ?? '',
        body: entry.rawBody,
      },
    }));
    set({ section: 'verify' });
  };

  return (
    <div className="split-v webhooks-view">
      <ReceiverControls workspace={workspace} port={filters.port} onPort={(port) => set({ port })} />
      <SectionTabs
        label="Webhooks sections"
        sections={SECTIONS.map((s) => {
          const disabled = s.id === 'deliveries' && !isSandbox;
          const why = `Only sandbox workspaces have a delivery log here; this one is ${workspace.environment}.`;
          return { ...s, disabled, title: disabled ? why : s.label };
        })}
        active={section}
        onSelect={(id) => set({ section: id })}
        testIdPrefix="webhook-section-"
      />
      {section === 'received' ? (
        <ReceivedPane
          wsId={wsId}
          eventType={filters.eventType}
          verdict={filters.verdict}
          onFilter={(patch) => set(patch)}
          onVerify={toVerify}
        />
      ) : section === 'deliveries' ? (
        <DeliveriesPane
          workspace={workspace}
          subscriptionId={filters.subscriptionId}
          onSubscription={(subscriptionId) => set({ subscriptionId })}
          autoRefresh={filters.autoRefresh}
          onAutoRefresh={(autoRefresh) => set({ autoRefresh })}
        />
      ) : (
        <div className="scroll-y">
          <VerifyPane key={verifyDraft.n} workspace={workspace} initial={verifyDraft.draft} />
        </div>
      )}
    </div>
  );
}

interface ReceivedProps {
  wsId: string;
  eventType: string;
  verdict: Filters['verdict'];
  onFilter(patch: Partial<Pick<Filters, 'eventType' | 'verdict'>>): void;
  onVerify(entry: ReceivedWebhook): void;
}

/** Live deliveries the receiver verified with this workspace's key, newest first. */
function ReceivedPane({ wsId, eventType, verdict, onFilter, onVerify }: ReceivedProps) {
  const received = useQuery(receivedQuery(wsId));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const reload = () => void received.refetch();
  const table = useTabTable(wsId, 'webhooks', LAYOUT, received, reload);
  const [clearError, setClearError] = useState<AppError | null>(null);
  const all = received.data;
  // The main side holds at most 1,000 deliveries, so filtering here is complete and live rows
  // need no refetch.
  const rows = useMemo(
    () =>
      all?.filter((e) => (!eventType || e.event === eventType) && (!verdict || e.verdict === verdict)) ??
      null,
    [all, eventType, verdict],
  );
  const eventTypes = useMemo(() => {
    const seen = new Set<string>(ALL_WEBHOOK_EVENT_TYPES);
    for (const e of all ?? []) if (e.event !== null) seen.add(e.event);
    if (eventType) seen.add(eventType);
    return [...seen].sort();
  }, [all, eventType]);
  const selected = useSelectedRow(all, entryIdOf, selectedId, setSelectedId);

  return (
    <div className="split-v">
      <FilterBar
        testId="webhook-filters"
        actions={{
          before: (
            <span className="muted small">
              {all ? `${rows?.length ?? 0} of ${all.length} for this workspace` : ''}
            </span>
          ),
          onRefresh: reload,
          refreshTestId: 'webhook-refresh',
          extra: (
            <button
              type="button"
              className="btn small"
              data-testid="webhook-clear"
              title="Empties the receiver's log (every workspace's deliveries)"
              onClick={() => {
                setSelectedId(null);
                void clearReceived(wsId).then((r) => setClearError(r.ok ? null : r.error));
              }}
            >
              Clear log
            </button>
          ),
        }}
        fields={[
          f.select('eventType', 'Event type', 'webhook-filter-event', eventTypes, { anyLabel: 'Any' }),
          VERDICT_FIELD,
        ]}
        value={{ eventType, verdict }}
        onChange={onFilter}
      />
      {clearError ? <ErrorBanner error={clearError} /> : null}
      <div className="split">
        <DataTable
          {...table}
          {...selected.table}
          rows={rows}
          columns={receivedColumns}
          emptyText="No deliveries for this workspace yet. Start the receiver and subscribe to it."
          toolbar={<h2 className="pane-title">Received deliveries (live, newest first)</h2>}
        />
        {selected.row ? (
          <WebhookDetail
            key={selected.row.id}
            entry={selected.row}
            onClose={selected.close}
            onVerify={onVerify}
          />
        ) : null}
      </div>
    </div>
  );
}
