/**
 * Export of an organization's activities as CSV, every page, streamed to a file.
 *
 * Per page: the platform's `text/csv` body, chunk by chunk → CsvRecordReader (csv-records.ts) →
 * formula neutralisation → one CSV line per record. The body is read 16 KB at a time and the
 * lines are encoded into one reused buffer, written to the file at the end of each chunk (the next
 * chunk waits until the file has taken it, so a disk slower than the network holds the download).
 * Nothing holds more than a chunk of the body and its lines in memory. Pages are walked by the
 * same `PageCursor` as every other list (paging.ts): a short page is not the end, an empty page
 * after a full one is read once more, rows repeated across pages are dropped by `activityId` (and
 * make the export not `complete`), a repeated page stops the export, the walk is bounded.
 *
 * The file is written 0600 under a temporary name beside the target and published with
 * `link(temp, target)` (publish-file.ts, shared with the journal export), which fails if the
 * target exists: a file created at the target while the export ran is never replaced (a rename
 * would replace it). The temp name is then unlinked. Where the file system has no hard links,
 * `copyFile` with COPYFILE_EXCL keeps the same never-replace rule. On cancel or failure the
 * temporary file is removed.
 *
 * The platform's cells are written as sent (formula triggers neutralised); for each time column
 * (a header ending in `At`, epoch ms) an ISO-8601 UTC column is ADDED at the end of the record
 * (`createdAtIso`: "2023-11-14T22:13:20.000Z", '' when the cell is no time), so that a
 * spreadsheet shows a readable time beside the platform's exact value (issue 29).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream as fsCreateWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { ExportResult, ProgressEvent } from '../../shared/contract';
import { fail, type AppError, type Result } from '../../shared/result';
import type { PlatformClient } from '../platform/client';
import { PlatformStreamError } from '../platform/body-stream';
import { activitiesCsv, type ActivitiesParams } from '../platform/operations';
import { PageCursor, PROGRESS_INTERVAL_MS } from '../platform/paging';
import { negotiatePageSize } from '../platform/page-size-negotiation';
import { neutraliseInPlace } from './neutralise';
import { describeIoError } from './io-errors';
import { CsvFormatError, CsvRecordReader, csvLine } from './csv-records';
import { SeenIds } from './seen-ids';
import { readTimestamp } from '../../shared/timestamps';
import { EXPORT_FILE_MODE, exportTempPath, inodeOf, publishFile, TargetExistsError } from './publish-file';

export { EXPORT_FILE_MODE } from './publish-file';

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

/** The body is decoded and parsed this many bytes at a time (see the read loop). */
const SLICE_BYTES = 16 * 1024;
/** The reused buffer the lines are encoded into; larger only for a record longer than it. */
const OUT_BUFFER_BYTES = 256 * 1024;

export async function exportActivitiesCsv(options: ExportActivitiesOptions): Promise<Result<ExportResult>> {
  const { client, organizationId, filters, filePath, signal, onProgress, jobId = '' } = options;
  // Negotiated (../platform/page-size-negotiation.ts): fewer, larger pages where they are served.
  const tuner = await negotiatePageSize(client, 'activities', options.pageSize);
  const walk = { pageSize: tuner.size, maxRows: options.maxRows };
  const refused = PageCursor.check(walk);
  if (refused) return { ok: false, error: refused };
  const cursor = new PageCursor(walk);
  const tempPath = exportTempPath(filePath);
  const open =
    options.createWriteStream ??
    ((p: string) => fsCreateWriteStream(p, { flags: 'wx', mode: EXPORT_FILE_MODE }));

  let neutralisedCells = 0;
  let bytes = 0;
  const report = (phase: ProgressEvent['phase']) =>
    onProgress?.({ jobId, done: bytes, rowsWritten: cursor.kept, total: null, pages: cursor.pages, phase });

  if (signal?.aborted) return fail('cancelled', 'Export cancelled');
  const agreedToReplace = options.replaceExisting === true ? await inodeOf(filePath) : null;
  const file = open(tempPath);
  try {
    await once(file, 'open');
  } catch (error) {
    file.destroy();
    return fail('io', describeIoError(error, filePath));
  }

  /** The page being read, so that a failure of the file (disk full) also drops its connection. */
  let current: Readable | null = null;
  let sinkError: unknown = null;
  file.on('error', (error: unknown) => {
    sinkError ??= error ?? new Error('the file stream failed');
    current?.destroy(sinkError as Error);
  });
  /**
   * The lines go to the file through one reused buffer (issue 30): a fresh Buffer per chunk, alive
   * across the wait for the disk, was promoted and its memory freed only by a full collection.
   * The buffer is written out at the end of each chunk of the body (or when it is full) and filled
   * again only once the file has taken it (the write's callback).
   */
  let outBuffer = Buffer.allocUnsafe(OUT_BUFFER_BYTES);
  let outLength = 0;
  const flush = async (): Promise<void> => {
    if (outLength === 0) return;
    const chunk = outBuffer.subarray(0, outLength);
    outLength = 0;
    bytes += chunk.length;
    await written(file, chunk);
    if (sinkError !== null) throw sinkError;
  };
  /** Adds `text` (the lines of a slice) to the buffer, writing the buffer out first when full. */
  const put = async (text: string): Promise<void> => {
    if (text === '') return;
    // At most 3 bytes of UTF-8 per UTF-16 unit: the room to keep without measuring first.
    const most = text.length * 3;
    if (outLength + most > outBuffer.length) {
      await flush();
      if (most > outBuffer.length) outBuffer = Buffer.allocUnsafe(most); // one very long record
    }
    outLength += outBuffer.write(text, outLength, 'utf8');
  };
  const timer =
    onProgress === undefined ? undefined : setInterval(() => report('running'), PROGRESS_INTERVAL_MS);
  timer?.unref();

  const seen = new SeenIds();
  let duplicatesDropped = 0;
  let rowsWithoutId = 0;
  let header: string[] | null = null;
  /** Index of `activityId` in the header; without one, the whole row is its identity. */
  let idColumn = -1;
  /** The header's time columns, each written again as ISO at the end of the record. */
  let timeColumns: number[] = [];

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
      if (!answer.ok) {
        // A 400 for a large page: the same page again with the size the platform accepts.
        const smaller = signal?.aborted ? null : tuner.retrySize(answer.error, limit);
        if (smaller === null) throw answer.error;
        cursor.resize(smaller);
        continue;
      }
      // The page's ids in order, as a digest (the repeated-page check) and a count: an array of
      // 10,000 ids alive across the page's download would be promoted and grow RSS (issue 30).
      const pageHash = createHash('sha1');
      let pageRows = 0;
      let pageIds = '';
      let first = true;
      let lines = '';
      // A plain callback per record, the lines of a chunk gathered in one string: a promise or a
      // stream write per row costs more than the parsing itself at 100,000 rows.
      const reader = new CsvRecordReader((record) => {
        const isFirst = first;
        first = false;
        if (header === null) {
          header = record.slice(); // the first page's header is the file's header
          idColumn = record.indexOf('activityId');
          timeColumns = isoTimeColumns(header);
          for (const c of timeColumns) record.push(`${header[c] ?? ''}Iso`);
        } else if (isFirst && sameRow(record, header)) {
          return; // every later page repeats it: skipped
        } else {
          // A row without an id (no column, or an empty cell) is known by its whole text: two
          // different such rows are both kept, while a page of them repeated is still caught.
          const cell = idColumn >= 0 ? (record[idColumn] ?? '') : '';
          if (cell === '') rowsWithoutId++;
          const id = cell !== '' ? cell : `\u0000${record.join('\u0000')}`;
          pageRows++;
          pageIds += id;
          pageIds += '\u0000';
          // De-duplicated here rather than by the cursor's Set of strings, which grows by about
          // 80 bytes per row (seen-ids.ts); the cursor still applies the caps and page checks.
          if (!seen.add(id)) {
            duplicatesDropped++;
            return;
          }
          if (!cursor.keep(undefined)) return; // past maxRows (a platform ignoring `limit`)
          for (const c of timeColumns) record.push(isoTimeOf(record[c]));
        }
        neutralisedCells += neutraliseInPlace(record);
        lines += csvLine(record);
      });
      const body = answer.value.body;
      current = body;
      const decoder = new StringDecoder('utf8');
      /** Parses `text`; its lines go to the buffer, its ids to the page's digest. */
      const read = async (text: string, final: boolean): Promise<void> => {
        reader.push(text);
        if (final) reader.end();
        const slice = lines;
        lines = '';
        pageHash.update(pageIds);
        pageIds = '';
        await put(slice);
      };
      // Errors of the body (cancel, timeout, cut off) are thrown here as they are.
      for await (const chunk of body as AsyncIterable<Buffer>) {
        // Decoded and parsed a slice at a time: a chunk can be 200 KB, and its text (and lines)
        // as one string would be a large object, freed only by a full collection; the text of a
        // slice is short-lived and small, so the young generation stays small (issue 30).
        for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
          await read(decoder.write(chunk.subarray(at, at + SLICE_BYTES)), false);
        }
        await flush();
      }
      await read(decoder.end(), true);
      await flush();
      current = null;
      tuner.answered(limit, pageRows);
      const verdict = cursor.endPageDigest(pageRows, pageHash.digest('base64'));
      if (verdict === null) continue;
      if (verdict.stop === 'repeated') throw verdict.error;
      break;
    }
    file.end();
    await closed(file);
    if (sinkError !== null) throw sinkError;
    await publishFile(tempPath, filePath, agreedToReplace);
    await unlink(tempPath).catch(() => undefined);
    clearInterval(timer);
    report('done');
    const { pages, truncated, incomplete, bound } = cursor.summary();
    // De-duplication is done here, not by the cursor: its repeats count as possibly missed rows
    // (paging.ts: a repeat is a shift) the same way.
    const mayHaveMissed = duplicatesDropped;
    return {
      ok: true,
      value: {
        path: filePath,
        rows: cursor.kept,
        bytes,
        pages,
        neutralisedCells,
        duplicatesDropped,
        mayHaveMissed,
        rowsWithoutId,
        incomplete,
        complete: !truncated && !incomplete && mayHaveMissed === 0,
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
    current?.destroy();
    file.destroy();
    await closed(file).catch(() => undefined);
    await unlink(tempPath).catch(() => undefined);
    return failure;
  } finally {
    clearInterval(timer);
  }
}

/**
 * Writes `chunk` and resolves once the file has taken it (the write's callback), so that the
 * buffer it is cut from can be filled again; rejects if the write fails or the file closes first.
 */
function written(file: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      file.off('error', onError);
      file.off('close', onClose);
      if (error === undefined || error === null) resolve();
      else reject(error);
    };
    const onError = (error: unknown) => done(error ?? new Error('the file stream failed'));
    const onClose = () => done(new Error('the file stream closed early'));
    file.on('error', onError);
    file.on('close', onClose);
    file.write(chunk, (error) => done(error));
  });
}

/** Resolves when the file is closed (its descriptor released); rejects with its error, if any. */
async function closed(file: Writable): Promise<void> {
  if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
  if (file.errored) throw file.errored;
}

/** The header's time columns: named `…At` (createdAt), as the platform's time fields are. */
export function isoTimeColumns(header: readonly string[]): number[] {
  return header.flatMap((name, i) => (/^[a-z][A-Za-z0-9]*At$/.test(name) ? [i] : []));
}

/** A platform time cell (epoch ms or seconds, ISO) as ISO-8601 UTC; '' when it is no time. */
export function isoTimeOf(cell: string | undefined): string {
  const ms = readTimestamp(cell).ms;
  return ms === null ? '' : new Date(ms).toISOString();
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
  if (error instanceof CsvFormatError)
    return fail('bad-response', `Page ${page} from the platform is not valid CSV: ${error.message}`);
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
