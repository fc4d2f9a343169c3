/**
 * The quirks mode (src/shared/sandbox-quirks.ts): the same operations, answered the way a real
 * platform can answer. Paging quirks rewrite `offset`/`limit` before the handler runs or cut the
 * list afterwards; shape quirks rewrite a copy of the answer, never the stored records.
 */
import { randomUUID } from 'node:crypto';
import { AMOUNT_LIKE_FIELDS, type SandboxQuirks } from '../shared/sandbox-quirks';
import { tooManyRequests, type HttpError } from './errors';
import type { Reply } from './router';
import { ACTIVITIES_DEFAULT_LIMIT, wantsCsv } from './routes/activities';

/** The list operations and the key of their rows in the answer. */
const LISTS: readonly [RegExp, string][] = [
  [/^\/portfolios$/, 'portfolios'],
  [/^\/wallets$/, 'wallets'],
  [/^\/crypto-addresses$/, 'cryptoAddresses'],
  [/^\/clearloop\/actions$/, 'actions'],
  [/^\/organizations\/[^/]+\/activities$/, 'activities'],
  [/^\/organizations\/[^/]+\/loans$/, 'loans'],
];

const AMOUNT_FIELDS: ReadonlySet<string> = new Set(AMOUNT_LIKE_FIELDS);
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

export function listKeyOf(method: string, path: string): string | undefined {
  if (method !== 'GET') return undefined;
  return LISTS.find(([re]) => re.test(path))?.[1];
}

function offsetOf(params: URLSearchParams): number {
  const raw = params.get('offset');
  return raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
}

/** `Object.keys(o).length > 0` without building the array (asked on every request). */
function hasAnyKey(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

export class QuirkEngine {
  private quirks: SandboxQuirks;
  private requests = 0;

  constructor(initial: SandboxQuirks = {}) {
    this.quirks = { ...initial };
  }

  get(): SandboxQuirks {
    return structuredClone(this.quirks);
  }

  set(quirks: SandboxQuirks): void {
    this.quirks = structuredClone(quirks);
    this.requests = 0;
  }

  clear(): void {
    this.set({});
  }

  /** Counts one authenticated platform request; every Nth answers 429 before anything happens. */
  throttle(): HttpError | undefined {
    const rule = this.quirks.retryAfter;
    if (rule === undefined) return undefined;
    this.requests++;
    if (this.requests % rule.every !== 0) return undefined;
    return tooManyRequests(
      `sandbox quirk retryAfter: every ${rule.every}th request is refused; retry after ${rule.seconds} s`,
      rule.seconds,
    );
  }

  /** `offset`/`limit` as the quirky platform reads them; the signature was checked on the original. */
  rewriteParams(method: string, path: string, params: URLSearchParams, accept?: string): URLSearchParams {
    const q = this.quirks;
    // Without quirks (the usual case) the query is read as sent: no copy per request.
    if (q.ignoreOffset !== true && q.repeatRows === undefined && q.pageCap === undefined) return params;
    if (listKeyOf(method, path) === undefined) return params;
    const out = new URLSearchParams(params);
    const offset = offsetOf(params);
    if (q.ignoreOffset === true) out.delete('offset');
    else if (q.repeatRows !== undefined && offset > 0)
      out.set('offset', String(Math.max(0, offset - q.repeatRows)));
    if (q.pageCap !== undefined && wantsCsv(accept)) {
      // CSV rows may span lines, so the cap is applied through `limit` rather than cut afterwards.
      const raw = params.get('limit');
      const asked = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : ACTIVITIES_DEFAULT_LIMIT;
      if (q.pageCap < asked) out.set('limit', String(q.pageCap));
    }
    return out;
  }

  /** The answer as the quirky platform would send it. `params` are the ones the client sent. */
  transform(method: string, path: string, params: URLSearchParams, reply: Reply): Reply {
    const q = this.quirks;
    if (reply.status !== 200 || !hasAnyKey(q)) return reply;
    const listKey = listKeyOf(method, path);
    const emptyPage = listKey !== undefined && q.emptyPageAtOffset === offsetOf(params);
    if ('csv' in reply) {
      if (!emptyPage) return reply;
      const header = reply.csv.subarray(0, reply.csv.indexOf('\r\n') + 2);
      return { status: reply.status, csv: header };
    }
    const isAgentWallets = method === 'GET' && path === '/agent-wallets';
    const touches =
      listKey !== undefined
        ? q.pageCap !== undefined || emptyPage || q.nulls === true || q.clearLoopPagination !== undefined
        : isAgentWallets && q.agentWalletsShape !== undefined && q.agentWalletsShape !== 'wrapped';
    if (!touches && q.numbersForStrings !== true) return reply;
    // A copy: `json` answers may hold the live stored records.
    const text =
      'body' in reply
        ? reply.body.toString('utf8')
        : 'parts' in reply
          ? Buffer.concat(reply.parts).toString('utf8')
          : JSON.stringify(reply.json);
    let value = JSON.parse(text) as unknown;
    if (touches && typeof value === 'object' && value !== null) {
      const obj = value as Record<string, unknown>;
      if (listKey !== undefined) this.reshapeList(listKey, obj, emptyPage);
      if (isAgentWallets) {
        const rows = obj.agentWallets;
        value = q.agentWalletsShape === 'bare-array' ? rows : { data: rows };
      }
    }
    const numbers = q.numbersForStrings === true;
    const out = JSON.stringify(value, (key, v: unknown) =>
      numbers && AMOUNT_FIELDS.has(key) && typeof v === 'string' && DECIMAL_RE.test(v) ? Number(v) : v,
    );
    return { status: reply.status, body: Buffer.from(out) };
  }

  private reshapeList(listKey: string, obj: Record<string, unknown>, emptyPage: boolean): void {
    const q = this.quirks;
    let rows = Array.isArray(obj[listKey]) ? (obj[listKey] as Record<string, unknown>[]) : [];
    if (emptyPage) rows = [];
    if (q.pageCap !== undefined) rows = rows.slice(0, q.pageCap);
    if (q.nulls === true && listKey === 'portfolios') for (const p of rows) p.isActive = null;
    if (q.nulls === true && listKey === 'wallets')
      rows.forEach((w, i) => {
        if (i % 2 === 1) delete w.totalBalance;
      });
    obj[listKey] = rows;
    if (listKey === 'actions' && q.clearLoopPagination === 'missing') delete obj.pagination;
    if (listKey === 'actions' && q.clearLoopPagination === 'wrong' && typeof obj.pagination === 'object')
      (obj.pagination as Record<string, unknown>).pages = '1';
  }

  /** Extra fields for error envelopes of platform requests. */
  errorFields(code: string): Record<string, string> {
    if (this.quirks.errorExtraFields !== true) return {};
    return { requestId: randomUUID(), details: `sandbox quirk errorExtraFields: details of ${code}` };
  }
}
