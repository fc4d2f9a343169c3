/**
 * The quirks mode (src/shared/sandbox-quirks.ts): the same operations, answered the way a real
 * platform can answer. Paging quirks rewrite `offset`/`limit` before the handler runs or cut the
 * list afterwards; shape quirks rewrite a copy of the answer, never the stored records.
 */
import { randomUUID } from 'node:crypto';
import { PAGE_LIMITS } from '../../shared/platform/page-limits';
import type { SandboxQuirks } from '../../shared/sandbox-quirks';
import { HttpError, tooManyRequests } from '../errors';
import type { Reply } from '../router';
import { wantsCsv } from '../routes/activities';
import { WALKED_LISTS, listOf, offsetOf, reshapeList, reshapesList } from './lists';
import { growList, moveRow, type MoveContext } from './moving';
import { rewriteValues, rewritesValues } from './values';
import { WireQuirks } from './wire';

export { listKeyOf } from './lists';
export { rowsOf } from './moving';
export { encodeBody, type Encoding, type WireAnswer } from './wire';
import type { Encoding, WireAnswer } from './wire';

/** `Object.keys(o).length > 0` without building the array (asked on every request). */
function hasAnyKey(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

export class QuirkEngine {
  private quirks: SandboxQuirks;
  private requests = 0;
  private emptyPagesServed = 0;
  private readonly wire = new WireQuirks();
  /** Lists whose walk has started (an offset-0 page) and whose row has not moved yet. */
  private readonly walksToMove = new Set<string>();

  constructor(initial: SandboxQuirks = {}) {
    this.quirks = { ...initial };
  }

  get(): SandboxQuirks {
    return structuredClone(this.quirks);
  }

  set(quirks: SandboxQuirks): void {
    this.quirks = structuredClone(quirks);
    this.requests = 0;
    this.emptyPagesServed = 0;
    this.wire.reset();
    this.walksToMove.clear();
  }

  clear(): void {
    this.set({});
  }

  /** Counts one authenticated platform request; every Nth answers 429 before anything happens. */
  throttle(nowMs: number): HttpError | undefined {
    const rule = this.quirks.retryAfter;
    if (rule === undefined) return undefined;
    this.requests++;
    if (this.requests % rule.every !== 0) return undefined;
    const message = `sandbox quirk retryAfter: every ${rule.every}th request is refused; retry after ${rule.seconds} s`;
    if (rule.form !== 'http-date') return tooManyRequests(message, rule.seconds);
    // The date on the same clock as the Date header, so a client can read it against either.
    return new HttpError(429, 'too-many-requests', message, {
      'Retry-After': new Date(nowMs + rule.seconds * 1000).toUTCString(),
    });
  }

  /** An answer replacing the operation's before it runs (HTML page, 200 error body, redirect). */
  before(target: string, host: string | undefined): WireAnswer | undefined {
    const q = this.quirks;
    if (q.htmlError === undefined && q.errorEnvelopeOk === undefined && q.redirect === undefined)
      return undefined;
    return this.wire.before(q, target, host);
  }

  /** How a platform JSON answer goes out (gzip, BOM, cut off); undefined when plainly. */
  encoding(): Encoding | undefined {
    const q = this.quirks;
    if (q.bom !== true && q.gzip === undefined && q.cutOffBody === undefined) return undefined;
    return this.wire.encoding(q);
  }

  /** Every answer's `Date` header, for the sandbox's wall clock. */
  dateHeader(nowMs: number): string {
    return this.wire.date(this.quirks, nowMs);
  }

  /** Whether `beforePage` may change anything (movingRows or growingTotal is set). */
  movesRows(): boolean {
    return this.quirks.movingRows !== undefined || this.quirks.growingTotal !== undefined;
  }

  /**
   * Moves a row or adds rows between two pages of a walk (`movingRows`, `growingTotal`), before
   * the handler reads the page. `peek` answers a page of the same list for another query.
   */
  beforePage(
    ctx: Omit<MoveContext, 'listKey' | 'idField'>,
    method: string,
    path: string,
    sent: URLSearchParams,
  ): void {
    const q = this.quirks;
    if (q.movingRows === undefined && q.growingTotal === undefined) return;
    const list = listOf(method, path);
    if (list === undefined || !WALKED_LISTS.has(list.key)) return;
    const walk = `${path}?${sortedWithoutPaging(sent)}`;
    const offset = offsetOf(sent);
    if (offset === 0) {
      this.walksToMove.add(walk);
      return;
    }
    const full: MoveContext = { ...ctx, listKey: list.key, idField: list.idField };
    // Once per walk: a list that changed before every page would never let a walk reach its end.
    if (!this.walksToMove.delete(walk)) return;
    if (q.growingTotal !== undefined) growList(full, q.growingTotal);
    if (q.movingRows !== undefined) moveRow(full, q.movingRows, offsetOf(ctx.query), q.pageCap);
  }

  /** `offset`/`limit` as the quirky platform reads them; the signature was checked on the original. */
  rewriteParams(method: string, path: string, params: URLSearchParams, accept?: string): URLSearchParams {
    const q = this.quirks;
    // Without quirks (the usual case) the query is read as sent: no copy per request.
    if (q.ignoreOffset !== true && q.repeatRows === undefined && q.pageCap === undefined) return params;
    if (listOf(method, path) === undefined) return params;
    const out = new URLSearchParams(params);
    const offset = offsetOf(params);
    if (q.ignoreOffset === true) out.delete('offset');
    else if (q.repeatRows !== undefined && offset > 0)
      out.set('offset', String(Math.max(0, offset - q.repeatRows)));
    if (q.pageCap !== undefined && wantsCsv(accept)) {
      // CSV rows may span lines, so the cap is applied through `limit` rather than cut afterwards.
      const raw = params.get('limit');
      const asked = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : PAGE_LIMITS.activities.default;
      if (q.pageCap < asked) out.set('limit', String(q.pageCap));
    }
    return out;
  }

  /** The answer as the quirky platform would send it. `params` are the ones the client sent. */
  transform(method: string, path: string, params: URLSearchParams, reply: Reply): Reply {
    const q = this.quirks;
    if (reply.status !== 200 || !hasAnyKey(q)) return reply;
    const list = listOf(method, path);
    const emptyPage = list !== undefined && q.emptyPageAtOffset === offsetOf(params) && this.emptyAgain();
    if ('csv' in reply) {
      if (!emptyPage) return reply;
      const header = reply.csv.subarray(0, reply.csv.indexOf('\r\n') + 2);
      return { status: reply.status, csv: header };
    }
    const isAgentWallets = method === 'GET' && path === '/agent-wallets';
    const reshapesWallets =
      isAgentWallets &&
      ((q.agentWalletsShape !== undefined && q.agentWalletsShape !== 'wrapped') || q.nullRows === true);
    const touches = list !== undefined ? reshapesList(q, emptyPage) : reshapesWallets;
    // Values are rewritten wherever they appear (loans by their shape, amounts by their name).
    const values = rewritesValues(q);
    if (!touches && !values) return reply;
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
      if (list !== undefined) reshapeList(q, list, obj, emptyPage);
      if (isAgentWallets) {
        const rows = obj.agentWallets;
        if (q.nullRows === true && Array.isArray(rows) && rows.length > 0)
          rows[rows.length > 1 ? 1 : 0] = null;
        const shape = q.agentWalletsShape ?? 'wrapped';
        value = shape === 'bare-array' ? rows : shape === 'data' ? { data: rows } : obj;
      }
    }
    if (values) value = rewriteValues(q, value);
    return { status: reply.status, body: Buffer.from(JSON.stringify(value)) };
  }

  /** Whether the page at emptyPageAtOffset is empty this time (emptyPageTimes counts them). */
  private emptyAgain(): boolean {
    const times = this.quirks.emptyPageTimes;
    if (times === undefined) return true;
    this.emptyPagesServed++;
    return this.emptyPagesServed <= times;
  }

  /** Extra fields for error envelopes of platform requests. */
  errorFields(code: string): Record<string, string> {
    if (this.quirks.errorExtraFields !== true) return {};
    return { requestId: randomUUID(), details: `sandbox quirk errorExtraFields: details of ${code}` };
  }
}

/** The query without `offset`/`limit`, in a stable order: the walk a page belongs to. */
function sortedWithoutPaging(params: URLSearchParams): string {
  const out = new URLSearchParams(params);
  out.delete('offset');
  out.delete('limit');
  out.sort();
  return out.toString();
}
