import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetCsv, parseAssetCsv, type ExchangeAssetTableView } from '@shared/exchange-assets';
import { ErrorBanner } from '../../components/ErrorBanner';
import { toAppError } from '../../state/query-client';
import { importExchangeAssets, saveExchangeAssets } from './queries';

const SOURCE_WORDS: Record<ExchangeAssetTableView['source'], string> = {
  saved: 'saved for this workspace',
  'sandbox-default': 'the local sandbox’s default, not saved yet',
  none: 'empty',
};

/**
 * The workspace's exchange asset table, edited as CSV text (`index,name,szDecimals[,pxDecimals]`)
 * or imported from a CSV file; the main side checks it again and keeps it (src/main/exchange-assets).
 * The platform does not publish the exchange's asset list, so the operator names the indexes used.
 */
export function AssetTablePanel({
  workspaceId,
  table,
}: {
  workspaceId: string;
  table: ExchangeAssetTableView;
}) {
  const client = useQueryClient();
  const save = useMutation(saveExchangeAssets(client, workspaceId));
  const importCsv = useMutation(importExchangeAssets(client, workspaceId));
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? assetCsv(table.assets);
  const parsed = draft === null ? null : parseAssetCsv(draft);
  const failure = save.error ?? importCsv.error;

  return (
    <details className="asset-table" data-testid="asset-table">
      <summary className="small">
        Asset table: {table.assets.length} asset{table.assets.length === 1 ? '' : 's'} (
        {SOURCE_WORDS[table.source]})
      </summary>
      <p className="small muted">
        One asset a line: <span className="mono">index,name,szDecimals</span> and optionally pxDecimals.
        Perpetuals use the exchange&apos;s index; spot uses 10000 + its index.
      </p>
      <textarea
        className="composer-text"
        style={{ minHeight: 90 }}
        aria-label="Asset table as CSV"
        data-testid="asset-table-csv"
        spellCheck={false}
        value={text}
        aria-invalid={parsed !== null && !parsed.ok}
        onChange={(e) => setDraft(e.target.value)}
      />
      {parsed && !parsed.ok ? (
        <ul className="field-error small" data-testid="asset-table-errors">
          {parsed.errors.slice(0, 8).map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {failure ? <ErrorBanner error={toAppError(failure)} testId="asset-table-refused" /> : null}
      <div className="actions-row">
        <button
          type="button"
          className="btn small"
          data-testid="asset-table-save"
          disabled={parsed === null || !parsed.ok || save.isPending}
          onClick={() => {
            if (parsed?.ok) save.mutate(parsed.assets, { onSuccess: () => setDraft(null) });
          }}
        >
          {save.isPending ? 'Saving…' : 'Save table'}
        </button>
        {draft !== null ? (
          <button type="button" className="btn small" onClick={() => setDraft(null)}>
            Discard changes
          </button>
        ) : null}
        <label className="btn small">
          Import CSV file…
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            data-testid="asset-table-file"
            style={{ display: 'none' }}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file)
                void file.text().then((csv) => importCsv.mutate(csv, { onSuccess: () => setDraft(null) }));
            }}
          />
        </label>
      </div>
    </details>
  );
}
