/**
 * Export of an organization's activities as CSV, every page, streamed to a file.
 *
 * Per page: the platform's `text/csv` body → csv-parse → formula neutralisation → one csv-stringify
 * → one file stream. Nothing holds more than a page's chunks in memory. The file is written under a
 * temporary name beside the target and renamed at the end, so the chosen name only ever holds a
 * complete export; on cancel or failure the temporary file is removed.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream as fsCreateWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
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
import { PROGRESS_INTERVAL_MS } from '../platform/paging';
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
  /** The file sink; injectable so tests can simulate a full disk. Must emit 'open' or 'error'. */
  createWriteStream?: (path: string) => Writable;
}

type Failure = { ok: false; error: AppError };

export async function exportActivitiesCsv(options: ExportActivitiesOptions): Promise<Result<ExportResult>> {
  const { client, organizationId, filters, filePath, signal, onProgress, jobId = '' } = options;
  const pageSize = options.pageSize ?? 1000;
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const tempPath = join(dirname(filePath), `.${basename(filePath)}.${randomBytes(6).toString('hex')}.part`);
  const open = options.createWriteStream ?? ((p: string) => fsCreateWriteStream(p, { flags: 'wx' }));

  let rows = 0;
  let pages = 0;
  let neutralisedCells = 0;
  let bytes = 0;
  const report = (phase: ProgressEvent['phase']) =>
    onProgress?.({ jobId, done: bytes, total: null, pages, phase });

  if (signal?.aborted) return fail('cancelled', 'Export cancelled');
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
      const limit = Math.min(pageSize, maxRows - rows);
      const answer = await activitiesCsv(
        client,
        organizationId,
        { ...filters, offset: rows, limit },
        { signal },
      );
      if (!answer.ok) throw answer.error;
      let pageRows = 0;
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
        } else if (isFirst && sameRow(record, header)) {
          return; // every later page repeats it: skipped
        } else if (rows >= maxRows) {
          return; // a platform that ignores `limit`
        } else {
          pageRows++;
          rows++;
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
      pages++;
      if (pageRows < limit || rows >= maxRows) break;
    }
    csvOut.end();
    await written;
    await rename(tempPath, filePath);
    clearInterval(timer);
    report('done');
    return { ok: true, value: { path: filePath, rows, bytes, pages, neutralisedCells } };
  } catch (error) {
    // Stop the ticker before the final report: a 'running' event after 'cancelled' would tell
    // the renderer the export came back to life while the partial file is being removed.
    clearInterval(timer);
    const failure = exportFailure(error, filePath, pages + 1, signal);
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
