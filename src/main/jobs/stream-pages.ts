/**
 * A walk's pages to the renderer as they arrive (issue 30): each page's kept rows, and the newer
 * copies of rows that moved, ride on a `progress` event of the walk's job, shaped as the answer
 * would hold them (`map`), so a tab paints the first page while the walk goes on. The rows are
 * sent once: the walk's answer (`streamedAnswer`) holds no rows, only how many events carried
 * how many rows, and the renderer assembles the list from the events (state/queries.ts). Should
 * the walk fail after it sent rows, the tab keeps them (issue 30), and the failure says so (the
 * walk's `sentRowsKept`, which a stream that is not a preview asks for).
 */
import type { AllRows, ProgressEvent } from '../../shared/contract';
import type { MovedRow } from '../platform/paging';

export interface PageStream<T> {
  /** The walk's `onPage` (paging.ts). */
  onPage: (rows: readonly T[], progress: ProgressEvent, moved: readonly MovedRow<T>[]) => void;
  /** What the events carried so far. */
  readonly streamed: { events: number; rows: number };
  /** A preview (`maxRows`): only the first rows were sent, the list does not keep them. */
  readonly preview: boolean;
}

/**
 * Streams every page, or with `maxRows` only the first pages up to that many rows (a preview: the
 * activities' rows stay on the main side); pages past it send nothing.
 */
export function streamPages<T, R = T>(
  emit: (event: ProgressEvent) => void,
  map?: (row: T) => R,
  maxRows = Number.POSITIVE_INFINITY,
): PageStream<T> {
  const streamed = { events: 0, rows: 0 };
  const shape = (row: T): unknown => (map ? map(row) : row);
  return {
    streamed,
    preview: maxRows !== Number.POSITIVE_INFINITY,
    onPage: (rows, progress, moved) => {
      if (streamed.rows >= maxRows) return;
      const sent = rows.length > maxRows - streamed.rows ? rows.slice(0, maxRows - streamed.rows) : rows;
      streamed.events++;
      streamed.rows += sent.length;
      const event: ProgressEvent = { ...progress, rows: sent.map(shape) };
      const replaced = moved.filter(({ index }) => index < maxRows);
      if (replaced.length > 0) event.moved = replaced.map(({ index, row }) => ({ index, row: shape(row) }));
      emit(event);
    },
  };
}

/** A streamed walk's answer: its report, without the rows the events already carried. */
export function streamedAnswer<T>(walked: AllRows<T>, stream: PageStream<T>): AllRows<never> {
  return { ...walked, items: [], streamed: { ...stream.streamed } };
}
