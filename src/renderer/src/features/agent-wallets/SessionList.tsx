import type { SentAction } from './session-store';
import { DataTable, defaultLayout, usePersistedLayout, type ColumnSpec } from '../../components/data-table';
import { Badge } from '../../components/Badge';
import { describeAction } from './exchange-actions';

const columns: ColumnSpec<SentAction>[] = [
  { id: 'sentAt', header: 'Sent', kind: 'time', value: (s) => String(s.sentAt), width: 150 },
  { id: 'nonce', header: 'Nonce', kind: 'number', value: (s) => String(s.nonce), width: 110 },
  { id: 'type', header: 'Type', value: (s) => s.action.type, width: 100 },
  { id: 'what', header: 'What', value: (s) => describeAction(s.action), width: 140, grow: true },
  {
    id: 'result',
    header: 'Result',
    value: (s) => (s.state === 'returned' ? (s.response?.status ?? '') : s.state),
    render: (s) =>
      s.state === 'returned' ? (
        <Badge value={s.response?.status} />
      ) : (
        <Badge value={s.state === 'failed' ? 'failed' : 'pending'} label={s.state} />
      ),
    width: 80,
  },
];
const LAYOUT = defaultLayout(columns, { id: 'sentAt', desc: true });

export function SessionList({
  sent,
  selected,
  onSelect,
  workspaceId,
}: {
  sent: SentAction[];
  selected: number | null;
  onSelect(nonce: number): void;
  workspaceId: string;
}) {
  const [layout, setLayout] = usePersistedLayout(workspaceId, 'exchange-session', LAYOUT);
  return (
    <DataTable
      testId="table-exchange-session"
      rows={sent}
      columns={columns}
      getRowId={(s) => String(s.nonce)}
      status="ready"
      layout={layout}
      onLayoutChange={setLayout}
      selectedId={selected === null ? null : String(selected)}
      onSelect={(s) => onSelect(s.nonce)}
      emptyText="Sent actions of this session appear here."
      toolbar={<span className="pane-title">This session</span>}
    />
  );
}
