/** Path-pattern routing for the platform operations: 404 for unknown paths, 405 for methods. */
import type { IncomingHttpHeaders } from 'node:http';
import { badRequest, forbidden, methodNotAllowed, notFound } from './errors';
import type { QueryReader } from './query';
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
  query: QueryReader;
  headers: IncomingHttpHeaders;
  body: Buffer;
  caller: Caller;
  store: SandboxStore;
}

export type Reply =
  | { status: number; json: unknown }
  | { status: number; csv: string }
  /** JSON already encoded (list answers built from cached records). */
  | { status: number; body: Buffer };

export type RouteHandler = (req: PlatformRequest) => Reply;

export interface Route {
  method: 'GET' | 'POST' | 'PATCH';
  /** Segments; `:name` captures one segment. */
  pattern: string;
  handler: RouteHandler;
}

interface CompiledRoute extends Route {
  segments: string[];
}

export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: readonly Route[]) {
    this.routes = routes.map((r) => ({ ...r, segments: r.pattern.split('/').filter(Boolean) }));
  }

  match(method: string, path: string): { handler: RouteHandler; params: Record<string, string> } {
    const raw = path.split('/');
    if (raw[0] !== '') throw notFound(`no such path: ${path.slice(0, 200)}`);
    const segments = raw.slice(1);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (params === undefined) continue;
      if (route.method === method) return { handler: route.handler, params };
      allowed.push(route.method);
    }
    if (allowed.length > 0) throw methodNotAllowed(allowed);
    throw notFound(`no such path: ${path.slice(0, 200)}`);
  }
}

function matchSegments(
  pattern: readonly string[],
  segments: readonly string[],
): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? '';
    const s = segments[i] ?? '';
    if (p.startsWith(':')) {
      if (s === '') return undefined;
      let decoded: string;
      try {
        decoded = decodeURIComponent(s);
      } catch {
        throw badRequest(`path segment ${p.slice(1)} is not valid percent-encoding`);
      }
      params[p.slice(1)] = decoded;
    } else if (p !== s) {
      return undefined;
    }
  }
  return params;
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

/** Offset/limit slice; never copies more than the page. */
export function page<T>(items: readonly T[], offset: number, limit: number): T[] {
  return items.slice(offset, offset + limit);
}
