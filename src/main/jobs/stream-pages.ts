/**
 * A walk's pages to the renderer as they arrive (issue 30): each page's kept rows ride on a
 * `progress` event of the walk's job, shaped as the call's answer will hold them (`map`), so a tab
 * paints the first page while the walk goes on. The call's answer stays the authority: it replaces
 * what was streamed (a row that moved during the walk is the newer copy there).
 */
import type { ProgressEvent } from '../../shared/contract';

export function streamPages<T, R = T>(
  emit: (event: ProgressEvent) => void,
  map?: (row: T) => R,
): (rows: readonly T[], progress: ProgressEvent) => void {
  return (rows, progress) => emit({ ...progress, rows: map ? rows.map(map) : [...rows] });
}
