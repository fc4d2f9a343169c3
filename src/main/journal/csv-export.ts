/**
 * The Journal view's CSV export: matching entries, oldest first, one row each with its full detail
 * as JSON and its hashes (an auditor can re-check the chain from the file). Every cell goes through
 * the same formula neutralisation as the activities export. Written to a temporary name beside the
 * target and renamed at the end, so the chosen name never holds half a file.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ExportResult } from '../../shared/contract-views';
import { neutraliseRow } from '../exports/neutralise';
import type { JournalFilter } from './journal-index';
import type { Journals } from './journals';

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
  const temp = join(dirname(filePath), `.${basename(filePath)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
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
  await rename(temp, filePath);
  return { path: filePath, rows, bytes, pages: 1, neutralisedCells };
}
