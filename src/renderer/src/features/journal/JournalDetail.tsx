import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { ErrorBanner } from '../../components/ErrorBanner';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { useQuery } from '@tanstack/react-query';
import { viewState } from '../../state/query-client';
import { DetailPane, FieldList } from '../../components/view-kit';
import { journalEntryQuery } from './queries';
import { outcomeTone } from './tones';

/** The full entry as written (detail, operator, key fingerprint, seals): read from disk by its seq. */
export function JournalDetail({ wsId, seq, onClose }: { wsId: string; seq: number; onClose(): void }) {
  // Keyed by seq with no placeholder: what was loaded for another entry is not shown while this one loads.
  const query = useQuery(journalEntryQuery(wsId, seq));
  const current = query.data !== undefined;
  const entry = query.data ?? null;
  const { error } = viewState(query);

  return (
    <DetailPane
      testId="journal-detail"
      label="Journal entry"
      onClose={onClose}
      title={
        <>
          <span className="ellipsis">
            #{seq} {entry ? `${entry.action} · ${entry.step}` : ''}
          </span>
          {entry?.outcome ? <Badge value={entry.outcome} tone={outcomeTone(entry.outcome)} /> : null}
        </>
      }
    >
      {error ? <ErrorBanner error={error} /> : null}
      {!current && !error ? <p className="muted">Loading…</p> : null}
      {current && !entry && !error ? <p className="muted">No such entry.</p> : null}
      {entry ? (
        <>
          <FieldList
            fields={[
              { label: 'Time', value: <Timestamp value={entry.time} /> },
              { label: 'Action id', value: <IdText value={entry.actionId} /> },
              { label: 'Object', value: entry.object ?? '—' },
              { label: 'Operator', value: entry.operator ?? '—' },
              { label: 'Workspace', value: `${entry.workspaceName} (${entry.environment})` },
              { label: 'Key', value: entry.keyId ?? '—' },
              { label: entry.keyed ? 'MAC' : 'Hash', value: <IdText value={entry.hash} /> },
              { label: 'Previous hash', value: <IdText value={entry.prevHash} /> },
            ]}
          />
          <h4>Detail</h4>
          <JsonBlock value={entry.detail ?? null} testId="journal-detail-json" />
        </>
      ) : null}
    </DetailPane>
  );
}
