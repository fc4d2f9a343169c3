import { useState } from 'react';
import type { ExportResult } from '@shared/contract';
import type { AppError } from '@shared/result';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ActionButton, ButtonRow, Form, FormField } from '../../components/view-kit';
import { chooseSavePath } from '../../state/queries';
import { exportFileName, exportPathProblem } from '@shared/export-file-name';
import { exportJournalCsv, type JournalParams } from './queries';

/**
 * CSV export of the matching entries. Electron asks with a native dialog; the browser mode offers
 * a suggested path to edit (the main side accepts only a new .csv file there).
 */
export function JournalExport({
  wsId,
  wsName,
  params,
}: {
  wsId: string;
  wsName: string;
  params: JournalParams;
}) {
  const [path, setPath] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState<ExportResult | null>(null);

  const save = async (filePath: string) => {
    setBusy(true);
    setError(null);
    const res = await exportJournalCsv(wsId, filePath, params);
    setBusy(false);
    if (res.ok) {
      setDone(res.value);
      setPath(null);
    } else setError(res.error);
  };

  const start = async () => {
    setDone(null);
    setError(null);
    const res = await chooseSavePath(exportFileName('journal', wsName));
    if (!res.ok) setError(res.error);
    else if (res.value.path === null) return;
    else if (res.value.native) await save(res.value.path);
    else setPath(res.value.path);
  };

  return (
    <div className="journal-export" data-testid="journal-export">
      {path === null ? (
        <ActionButton
          action={{
            label: 'Export CSV…',
            testId: 'journal-export-start',
            disabled: busy,
            onClick: () => void start(),
          }}
        />
      ) : (
        <Form layout="row" aria-label="Export the journal" onSubmit={() => save(path)}>
          <FormField
            label="Save as"
            testId="journal-export-path"
            value={path}
            onChange={setPath}
            style={{ width: 360 }}
          />
          <ButtonRow
            primary={{ label: 'Save', testId: 'journal-export-save', disabled: busy }}
            secondary={[{ label: 'Cancel', onClick: () => setPath(null) }]}
          />
        </Form>
      )}
      {done ? (
        <span className="small" data-testid="journal-export-done">
          Saved {done.rows.toLocaleString()} entries to {done.path}
          {done.neutralisedCells > 0
            ? ` (${done.neutralisedCells} cells prefixed with ' so spreadsheets do not run them)`
            : ''}
        </span>
      ) : null}
      {error && exportPathProblem(error) !== null ? (
        <div className="error-banner" role="alert" data-testid="journal-export-error">
          {exportPathProblem(error)}
        </div>
      ) : error ? (
        <ErrorBanner error={error} testId="journal-export-error" />
      ) : null}
    </div>
  );
}
