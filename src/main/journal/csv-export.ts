/**
 * The Journal view's CSV export: matching entries, oldest first, one row each with its full detail
 * as JSON and its hashes (an auditor can re-check the chain from the file). Every cell goes through
 * the same formula neutralisation as the activities export. Written 0600 to a temporary name
 * beside the target and published like the activities export (exports/publish-file.ts): with
 * `link`, which never replaces a file, so the chosen name never holds half a file and a file that
 * appeared at the target while the export ran is kept; the export then fails and says so.
 */
import { open, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { ExportResult } from '../../shared/contract-views';
import { neutraliseRow } from '../exports/neutralise';
import { EXPORT_FILE_MODE, exportTempPath, publishFile, TargetExistsError } from '../exports/publish-file';
import type { JournalFilter } from './journal-index';
import type { Journals } from './journals';
import { JournalInputError } from './types';

export const JOURNAL_CSV_COLUMNS = [
  'seq',
  'time',
  'step',
  'action',
  'actionId',
  'object',
  'workspaceName',
  'environment',
  'keyId',
  'outcome',
  'detail',
  'prevHash',
  'hash',
] as const;

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export async function exportJournalCsv(
  journals: Journals,
  workspaceId: string,
  filter: JournalFilter,
  filePath: string,
): Promise<ExportResult> {
  const temp = exportTempPath(filePath);
  const handle = await open(temp, 'wx', EXPORT_FILE_MODE);
  let rows = 0;
  let bytes = 0;
  let neutralisedCells = 0;
  try {
    let buffer = '';
    const flush = async () => {
      const chunk = Buffer.from(buffer, 'utf8');
      buffer = '';
      await handle.write(chunk);
      bytes += chunk.length;
    };
    buffer += JOURNAL_CSV_COLUMNS.join(',') + '\r\n';
    for await (const { row, entry } of journals.export(workspaceId, filter)) {
      const cells = [
        String(row.seq),
        row.time,
        row.step,
        row.action,
        row.actionId,
        row.object ?? '',
        entry?.workspaceName ?? '',
        row.environment,
        entry?.keyId ?? '',
        row.outcome ?? '',
        entry?.detail === undefined ? '' : JSON.stringify(entry.detail),
        entry?.prevHash ?? '',
        entry?.hash ?? '(entry unreadable: run journal verify)',
      ];
      const safe = neutraliseRow(cells);
      neutralisedCells += safe.changed;
      buffer += safe.row.map(quote).join(',') + '\r\n';
      rows++;
      if (buffer.length > 1 << 20) await flush();
    }
    await flush();
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await publishFile(temp, filePath);
  } catch (error) {
    // Thrown as the caller's to fix (the handlers answer `bad-input` with this text, like the
    // check that refuses an existing file before the export starts).
    if (error instanceof TargetExistsError)
      throw new JournalInputError(
        `filePath: a file named ${basename(filePath)} appeared in ${dirname(filePath)} while the export ran; it was not replaced. Choose another name and export again.`,
      );
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  return { path: filePath, rows, bytes, pages: 1, neutralisedCells };
}
