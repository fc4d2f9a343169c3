/** The platform operations' request and reply, their table on the path matcher, and shared helpers. */
import type { IncomingHttpHeaders } from 'node:http';
import { forbidden, notFound } from './errors';
import { PathMatcher } from './path-matcher';
import type { SandboxStore } from './state/store';

export interface Caller {
  apiKey: string;
  organizationId: string;
  userId: string;
  /** The portfolio the key was bound to at creation, if any (selects the exchange's agent wallet). */
  portfolioId?: string;
}

export interface PlatformRequest {
  method: string;
  /** Path below `/platform`, e.g. `/organizations/x/loans`. */
  path: string;
  params: Record<string, string>;
  /** The query as the operation reads it (parse it with query.ts). */
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  caller: Caller;
  store: SandboxStore;
}

export type Reply =
  | { status: number; json: unknown }
  | { status: number; csv: Buffer }
  /** JSON already encoded (list answers built from cached records). */
  | { status: number; body: Buffer }
  /** JSON already encoded, in pieces written one after the other (a page: head, records, tail). */
  | { status: number; parts: readonly Buffer[] };

export type RouteHandler = (req: PlatformRequest) => Reply;

export interface Route {
  method: 'GET' | 'POST' | 'PATCH';
  /** Below `/platform`; a `:name` segment captures one segment (path-matcher.ts). */
  pattern: string;
  handler: RouteHandler;
}

/** The platform operations on the sandbox's one path matcher. */
export function platformRouter(routes: readonly Route[]): PathMatcher<RouteHandler> {
  const matcher = new PathMatcher<RouteHandler>('path');
  for (const r of routes) matcher.add(r.method, r.pattern, r.handler);
  return matcher;
}

/** The organization in the path must be the caller's own. */
export function requireOwnOrganization(req: PlatformRequest): string {
  const org = req.params.organizationId ?? '';
  if (org !== req.caller.organizationId) {
    throw forbidden('organizationId in the path is not the organization of this API key');
  }
  return org;
}

/** A portfolio id from the caller must name one of the caller's own portfolios: else 404. */
export function requireOwnPortfolio(req: PlatformRequest, portfolioId: string): void {
  if (!req.store.isOwnPortfolio(portfolioId, req.caller.organizationId)) {
    throw notFound(
      `portfolioId ${JSON.stringify(portfolioId.slice(0, 80))} is not a portfolio of this organization`,
    );
  }
}

export const json = (value: unknown, status = 200): Reply => ({ status, json: value });

const COMMA = Buffer.from(',');

/**
 * `{"<key>":[records...], ...rest}` with the same bytes JSON.stringify would produce, assembled
 * from each record's cached encoding.
 */
export function jsonList(
  encode: (record: object) => Buffer,
  key: string,
  records: readonly object[],
  rest?: Record<string, unknown>,
): Reply {
  const parts: Buffer[] = [Buffer.from(`{${JSON.stringify(key)}:[`)];
  records.forEach((record, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(encode(record));
  });
  const tail =
    rest === undefined ? '' : Object.keys(rest).length ? ',' + JSON.stringify(rest).slice(1, -1) : '';
  parts.push(Buffer.from(`]${tail}}`));
  return { status: 200, body: Buffer.concat(parts) };
}

/** `{"<key>":[` per list key (a handful of keys, each asked on every page). */
const PAGE_HEADS = new Map<string, Buffer>();

/**
 * The page `list[offset, offset + limit)` as `{"<key>":[records...], ...rest}`, the same bytes as
 * `jsonList`, with the records as one slice of the store's encoding of the whole list
 * (`SandboxStore.encodedRange`). `list` must be a stored array or a cached view (the encoding is
 * cached by array identity until the next change).
 */
export function jsonPage(
  store: SandboxStore,
  key: string,
  list: readonly object[],
  offset: number,
  limit: number,
  rest?: Record<string, unknown>,
): Reply {
  const tail =
    rest === undefined ? '' : Object.keys(rest).length ? ',' + JSON.stringify(rest).slice(1, -1) : '';
  let head = PAGE_HEADS.get(key);
  if (head === undefined) {
    head = Buffer.from(`{${JSON.stringify(key)}:[`);
    PAGE_HEADS.set(key, head);
  }
  return {
    status: 200,
    parts: [head, store.encodedRange(list, offset, offset + limit), Buffer.from(`]${tail}}`)],
  };
}

/** Offset/limit slice; never copies more than the page. */
export function page<T>(items: readonly T[], offset: number, limit: number): T[] {
  return items.slice(offset, offset + limit);
}
