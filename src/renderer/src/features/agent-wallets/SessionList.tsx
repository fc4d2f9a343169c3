import type { SentAction } from './session-store';
import { DataTable, defaultLayout, usePersistedLayout, type ColumnSpec } from '../../components/data-table';
import { Badge } from '../../components/Badge';
import { describeExchangeAction } from '@shared/exchange-actions';

const columns: ColumnSpec<SentAction>[] = [
  { id: 'sentAt', header: 'Sent', kind: 'time', value: (s) => String(s.sentAt), width: 150 },
  { id: 'nonce', header: 'Nonce', kind: 'id', value: (s) => String(s.nonce), width: 150 },
  { id: 'type', header: 'Type', value: (s) => s.action.type, width: 100 },
  { id: 'what', header: 'What', value: (s) => describeExchangeAction(s.action), width: 140, grow: true },
  {
    id: 'result',
    header: 'Result',
    value: (s) => outcomeLabel(s),
    render: (s) => <Badge value={outcomeTone(s)} label={outcomeLabel(s)} />,
    width: 110,
  },
];
/** done / partly failed / refused / outcome unknown (or what settled it): never "failed" for an unknown outcome. */
function outcomeLabel(s: SentAction): string {
  if (s.result.outcome === 'unknown' && s.settled)
    return s.settled === 'done' ? 'settled: took effect' : 'settled: did not take effect';
  if (s.result.outcome === 'unknown') return 'outcome unknown';
  if (s.result.outcome === 'refused') return 'refused';
  return s.result.exchange?.verdict === 'partly-failed' ? 'partly failed' : 'done';
}
function outcomeTone(s: SentAction): string {
  const label = outcomeLabel(s);
  if (label === 'settled: did not take effect') return 'neutral';
  return label === 'done' || label === 'settled: took effect'
    ? 'ok'
    : label === 'refused'
      ? 'failed'
      : 'pending';
}

const LAYOUT = defaultLayout(columns, { id: 'sentAt', desc: true });

export function SessionList({
  sent,
  selected,
  onSelect,
  workspaceId,
}: {
  sent: SentAction[];
  selected: string | null;
  onSelect(id: string): void;
  workspaceId: string;
}) {
  const [layout, setLayout] = usePersistedLayout(workspaceId, 'exchange-session', LAYOUT);
  return (
    <DataTable
      testId="table-exchange-session"
      rows={sent}
      columns={columns}
      getRowId={(s) => s.id}
      status="ready"
      layout={layout}
      onLayoutChange={setLayout}
      selectedId={selected}
      onSelect={(s) => onSelect(s.id)}
      emptyText="Sent actions of this session appear here; every order sent stays in the Blotter."
      toolbar={<span className="pane-title">This session</span>}
    />
  );
}
