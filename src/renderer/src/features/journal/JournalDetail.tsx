import { useEffect, useState } from 'react';
import type { JournalEntryView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { ErrorBanner } from '../../components/ErrorBanner';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { copper } from '../../lib/api';
import { outcomeTone } from './tones';
import { DetailCloseButton } from '../../components/DetailCloseButton';

/** The full entry as written (detail, key id, hashes): read from disk by its seq. */
export function JournalDetail({ wsId, seq, onClose }: { wsId: string; seq: number; onClose(): void }) {
  const key = `${wsId}:${seq}`;
  const [loaded, setLoaded] = useState<{
    key: string;
    entry: JournalEntryView | null;
    error: AppError | null;
  }>();
  useEffect(() => {
    let live = true;
    void copper()
      .journal.entry({ workspaceId: wsId, seq })
      .then((res) => {
        if (live) setLoaded({ key, entry: res.ok ? res.value : null, error: res.ok ? null : res.error });
      });
    return () => {
      live = false;
    };
  }, [wsId, seq, key]);
  // What was loaded for another entry is not shown while this one loads.
  const current = loaded?.key === key ? loaded : undefined;
  const entry = current?.entry ?? null;
  const error = current?.error ?? null;

  return (
    <aside className="detail" data-testid="journal-detail" aria-label="Journal entry">
      <h3>
        <span className="ellipsis">
          #{seq} {entry ? `${entry.action} · ${entry.step}` : ''}
        </span>
        {entry?.outcome ? <Badge value={entry.outcome} tone={outcomeTone(entry.outcome)} /> : null}
        <DetailCloseButton onClose={onClose} />
      </h3>
      {error ? <ErrorBanner error={error} /> : null}
      {current === undefined ? <p className="muted">Loading…</p> : null}
      {current && !entry && !error ? <p className="muted">No such entry.</p> : null}
      {entry ? (
        <>
          <dl className="kv">
            <dt>Time</dt>
            <dd>
              <Timestamp value={entry.time} />
            </dd>
            <dt>Action id</dt>
            <dd>
              <IdText value={entry.actionId} />
            </dd>
            <dt>Object</dt>
            <dd>{entry.object ?? '—'}</dd>
            <dt>Workspace</dt>
            <dd>
              {entry.workspaceName} ({entry.environment})
            </dd>
            <dt>Key</dt>
            <dd>{entry.keyId ?? '—'}</dd>
            <dt>Hash</dt>
            <dd>
              <IdText value={entry.hash} />
            </dd>
            <dt>Previous hash</dt>
            <dd>
              <IdText value={entry.prevHash} />
            </dd>
          </dl>
          <h4>Detail</h4>
          <JsonBlock value={entry.detail ?? null} testId="journal-detail-json" />
        </>
      ) : null}
    </aside>
  );
}
