/** The request history's filters: workspace, errors only, operation, status and a free search. */
import type { HistoryEntry } from '../../shared/contract';

export interface HistoryQuery {
  workspaceId?: string;
  errorsOnly?: boolean;
  /** Case-insensitive substring of method, path, status, error code, operation or media type. */
  search?: string;
  /** An exact operation name ("loans.approve"), or a prefix ending in "." ("loans."). */
  operation?: string;
  /** "409", a class "4xx", or "none" (no answer came back). */
  status?: string;
  limit?: number;
}

function statusMatches(status: number | null, filter: string): boolean {
  if (filter === 'none') return status === null;
  if (status === null) return false;
  if (filter.endsWith('xx')) return String(status)[0] === filter[0];
  return String(status) === filter;
}

function operationMatches(operation: string | undefined, filter: string): boolean {
  if (operation === undefined) return false;
  return filter.endsWith('.') ? operation.startsWith(filter) : operation === filter;
}

export function historyMatches(entry: HistoryEntry, query: HistoryQuery): boolean {
  if (query.errorsOnly && entry.errorCode === null) return false;
  if (query.operation && !operationMatches(entry.operation, query.operation)) return false;
  if (query.status && !statusMatches(entry.status, query.status)) return false;
  const needle = query.search?.trim().toLowerCase() ?? '';
  if (needle === '') return true;
  return (
    entry.path.toLowerCase().includes(needle) ||
    entry.method.toLowerCase().includes(needle) ||
    (entry.status !== null && String(entry.status).includes(needle)) ||
    (entry.errorCode !== null && entry.errorCode.includes(needle)) ||
    (entry.operation?.toLowerCase().includes(needle) ?? false) ||
    (entry.contentType?.toLowerCase().includes(needle) ?? false)
  );
}
