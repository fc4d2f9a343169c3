import { useState } from 'react';
import type { JournalEntryView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { ErrorBanner } from '../../components/ErrorBanner';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { copper } from '../../lib/api';
import { outcomeTone } from './tones';
import { DetailPane, FieldList, useAnswer } from '../../components/view-kit';

/** The full entry as written (detail, key id, hashes): read from disk by its seq. */
export function JournalDetail({ wsId, seq, onClose }: { wsId: string; seq: number; onClose(): void }) {
  const key = `${wsId}:${seq}`;
  const [loaded, setLoaded] = useState<{
    key: string;
    entry: JournalEntryView | null;
    error: AppError | null;
  }>();
  useAnswer(
    key,
    () => copper().journal.entry({ workspaceId: wsId, seq }),
    (res) => setLoaded({ key, entry: res.ok ? res.value : null, error: res.ok ? null : res.error }),
  );
  // What was loaded for another entry is not shown while this one loads.
  const current = loaded?.key === key ? loaded : undefined;
  const entry = current?.entry ?? null;
  const error = current?.error ?? null;

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
      {current === undefined ? <p className="muted">Loading…</p> : null}
      {current && !entry && !error ? <p className="muted">No such entry.</p> : null}
      {entry ? (
        <>
          <FieldList
            fields={[
              { label: 'Time', value: <Timestamp value={entry.time} /> },
              { label: 'Action id', value: <IdText value={entry.actionId} /> },
              { label: 'Object', value: entry.object ?? '—' },
              { label: 'Workspace', value: `${entry.workspaceName} (${entry.environment})` },
              { label: 'Key', value: entry.keyId ?? '—' },
              { label: 'Hash', value: <IdText value={entry.hash} /> },
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
