/**
 * Export of an organization's activities as CSV, every page, streamed to a file.
 *
 * Per page: the platform's `text/csv` body → csv-parse → formula neutralisation → one csv-stringify
 * → one file stream. Nothing holds more than a page's chunks in memory. Pages are walked by the
 * same `PageCursor` as every other list (paging.ts): a short page is not the end, rows repeated
 * across pages are dropped by `activityId`, a repeated page stops the export, the walk is bounded.
 *
 * The file is written 0600 under a temporary name beside the target and published with
 * `link(temp, target)`, which fails if the target exists: a file created at the target while the
 * export ran is never replaced (a rename would replace it). The temp name is then unlinked. Where
 * the file system has no hard links, `copyFile` with COPYFILE_EXCL keeps the same never-replace
 * rule. On cancel or failure the temporary file is removed.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { constants as fsConstants, createWriteStream as fsCreateWriteStream } from 'node:fs';
import { copyFile, link, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { pipeline as pipelineCb, type Readable, type Writable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import type { ExportResult, ProgressEvent } from '../../shared/contract';
import { fail, type AppError, type Result } from '../../shared/result';
import type { PlatformClient } from '../platform/client';
import { PlatformStreamError } from '../platform/body-stream';
import { activitiesCsv, type ActivitiesParams } from '../platform/operations';
import { PageCursor, PROGRESS_INTERVAL_MS } from '../platform/paging';
import { neutraliseRow } from './neutralise';
import { describeIoError } from './io-errors';

export interface ExportActivitiesOptions {
  client: PlatformClient;
  organizationId: string;
  filters: Omit<ActivitiesParams, 'limit' | 'offset'>;
  filePath: string;
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
  jobId?: string;
  pageSize?: number;
  maxRows?: number;
  /**
   * The operator agreed, in a native dialog, to replace the file at `filePath`: only that file (the
   * same inode as when the export started) may be replaced; any other file found there is kept.
   */
  replaceExisting?: boolean;
  /** The file sink; injectable so tests can simulate a full disk. Must emit 'open' or 'error'. */
  createWriteStream?: (path: string) => Writable;
}

type Failure = { ok: false; error: AppError };

export async function exportActivitiesCsv(options: ExportActivitiesOptions): Promise<Result<ExportResult>> {
  const { client, organizationId, filters, filePath, signal, onProgress, jobId = '' } = options;
  const walk = { pageSize: options.pageSize ?? 1000, maxRows: options.maxRows };
  const refused = PageCursor.check(walk);
  if (refused) return { ok: false, error: refused };
  const cursor = new PageCursor(walk);
  const tempPath = join(dirname(filePath), `.${basename(filePath)}.${randomBytes(6).toString('hex')}.part`);
  const open =
    options.createWriteStream ??
    ((p: string) => fsCreateWriteStream(p, { flags: 'wx', mode: EXPORT_FILE_MODE }));

  let neutralisedCells = 0;
  let bytes = 0;
  const report = (phase: ProgressEvent['phase']) =>
    onProgress?.({ jobId, done: bytes, total: null, pages: cursor.pages, phase });

  if (signal?.aborted) return fail('cancelled', 'Export cancelled');
  const agreedToReplace = options.replaceExisting === true ? await inodeOf(filePath) : null;
  const file = open(tempPath);
  try {
    await once(file, 'open');
  } catch (error) {
    file.destroy();
    return fail('io', describeIoError(error, filePath));
  }

  // Count what reaches the file (bytes are what the contract's progress reports for exports).
  const csvOut = stringify();
  csvOut.on('data', (chunk: Buffer) => (bytes += chunk.length));
  const written = pipeline(csvOut, file);
  let sinkError: unknown = null;
  written.catch((error: unknown) => (sinkError = error ?? new Error('the file stream failed')));
  const timer =
    onProgress === undefined ? undefined : setInterval(() => report('running'), PROGRESS_INTERVAL_MS);
  timer?.unref();

  let header: string[] | null = null;
  /** Index of `activityId` in the header; without one, the whole row is its identity. */
  let idColumn = -1;
  /** The page being read, so that a failure elsewhere (disk full) also drops its connection. */
  let current: { body: Readable; parser: Readable } | null = null;
  // Anything but a normal end of `written` during a page means the file side failed (disk full).
  const sinkFailed = written.then(() => {
    throw new Error('the file stream ended early');
  });
  sinkFailed.catch(() => undefined);

  try {
    for (;;) {
      if (signal?.aborted) throw new PlatformStreamError('cancelled', 'Export cancelled');
      const { offset, limit } = cursor.request();
      const answer = await activitiesCsv(
        client,
        organizationId,
        { ...filters, offset, limit },
        { signal, pace: 'bulk' },
      );
      if (!answer.ok) throw answer.error;
      const pageIds: string[] = [];
      let first = true;
      // Rows are handled in a plain 'data' listener with manual backpressure rather than awaited
      // one by one (a promise per row) or in csv-parse's on_record hook (which builds an info
      // object per row): either costs about a third of the export's time at 100,000 rows.
      const parser = parse({ bom: true, relax_column_count: true });
      const resume = () => parser.resume();
      parser.on('data', (record: string[]) => {
        const isFirst = first;
        first = false;
        if (header === null) {
          header = record; // the first page's header is the file's header
          idColumn = record.indexOf('activityId');
        } else if (isFirst && sameRow(record, header)) {
          return; // every later page repeats it: skipped
        } else {
          const id = idColumn >= 0 ? (record[idColumn] ?? '') : record.join('\u0000');
          pageIds.push(id);
          if (!cursor.keep(id)) return; // a duplicate, or past maxRows (a platform ignoring `limit`)
        }
        const { row, changed } = neutraliseRow(record);
        neutralisedCells += changed;
        if (!csvOut.write(row)) {
          parser.pause();
          csvOut.once('drain', resume);
        }
      });
      // Callback form: errors of the body reach the parser (and so `finished` below) as they are.
      pipelineCb(answer.value.body, parser, () => undefined);
      current = { body: answer.value.body, parser };
      try {
        await Promise.race([finished(parser), sinkFailed]);
      } finally {
        csvOut.off('drain', resume);
      }
      if (sinkError !== null) throw sinkError;
      current = null;
      const verdict = cursor.endPage(pageIds);
      if (verdict === null) continue;
      if (verdict.stop === 'repeated') throw verdict.error;
      break;
    }
    csvOut.end();
    await written;
    await publish(tempPath, filePath, agreedToReplace);
    await unlink(tempPath).catch(() => undefined);
    clearInterval(timer);
    report('done');
    const { pages, truncated, duplicatesDropped, incomplete, bound } = cursor.summary();
    return {
      ok: true,
      value: {
        path: filePath,
        rows: cursor.kept,
        bytes,
        pages,
        neutralisedCells,
        duplicatesDropped,
        incomplete,
        truncated,
        ...(bound ? { bound } : {}),
      },
    };
  } catch (error) {
    // Stop the ticker before the final report: a 'running' event after 'cancelled' would tell
    // the renderer the export came back to life while the partial file is being removed.
    clearInterval(timer);
    const failure = exportFailure(error, filePath, cursor.pages + 1, signal);
    report(failure.error.code === 'cancelled' ? 'cancelled' : 'failed');
    current?.parser.destroy();
    current?.body.destroy();
    csvOut.destroy();
    file.destroy();
    await written.catch(() => undefined);
    await unlink(tempPath).catch(() => undefined);
    return failure;
  } finally {
    clearInterval(timer);
  }
}

/** Export files: readable by the operator only (issue 17 point 5). */
export const EXPORT_FILE_MODE = 0o600;

/** Thrown by `publish` when the target appeared while the export ran. */
class TargetExistsError extends Error {}

/** Hard links are not everywhere (FAT, some network shares): these codes mean "no link here". */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

async function inodeOf(path: string): Promise<string | null> {
  const info = await stat(path).catch(() => null);
  return info === null ? null : `${info.dev}:${info.ino}`;
}

/**
 * Publishes `temp` as `target` without replacing an existing `target`, except the very file the
 * operator agreed to replace (`agreedToReplace`, its device and inode when the export started).
 */
async function publish(temp: string, target: string, agreedToReplace: string | null): Promise<void> {
  try {
    await link(temp, target);
    return;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') {
      if (agreedToReplace !== null && (await inodeOf(target)) === agreedToReplace) {
        await rename(temp, target);
        return;
      }
      throw new TargetExistsError(target);
    }
    if (!NO_HARD_LINKS.has(String(codeOf(error)))) throw error;
  }
  try {
    await copyFile(temp, target, fsConstants.COPYFILE_EXCL);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') throw new TargetExistsError(target);
    throw error;
  }
}

function sameRow(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((cell, i) => cell === b[i]);
}

function exportFailure(
  error: unknown,
  filePath: string,
  page: number,
  signal: AbortSignal | undefined,
): Failure {
  if (signal?.aborted) return fail('cancelled', 'Export cancelled; the partial file was removed');
  if (error instanceof PlatformStreamError) return fail(error.code, `${error.message} (page ${page})`);
  if (isAppError(error)) return { ok: false, error };
  if (error instanceof TargetExistsError) {
    return fail(
      'io',
      `A file named ${basename(filePath)} appeared in ${dirname(filePath)} while the export ran; it was not replaced. Choose another name and export again`,
    );
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('CSV_')) {
    const message = error instanceof Error ? error.message : code;
    return fail('bad-response', `Page ${page} from the platform is not valid CSV: ${message}`);
  }
  if (typeof code === 'string' && typeof (error as { syscall?: unknown }).syscall === 'string') {
    return fail('io', describeIoError(error, filePath));
  }
  return fail('internal', `The export failed: ${error instanceof Error ? error.message : String(error)}`);
}

function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AppError).code === 'string' &&
    typeof (value as AppError).message === 'string' &&
    !(value instanceof Error)
  );
}
