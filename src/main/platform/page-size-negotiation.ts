/**
 * Page-size negotiation (issue 30, item 2). The specification states no list's largest page, so a
 * walk first asks for the largest the contract allows (PAGE_LIMITS' `max`: 10,000 activities) and
 * learns from the answers, per workspace and list, what the platform serves:
 *
 * - a full page of that size: the size works (`served`);
 * - a short page followed by more rows: the platform caps its pages silently (`capped`, at the
 *   largest page seen). The walk itself never stops on a short page (paging.ts), so nothing is
 *   lost while it learns;
 * - a 400 for that size: the page is read again at the same offset with PAGE_SIZE_FALLBACK rows
 *   (`refused`). A 400 answers a read (GET), so reading again is allowed; it is done once, never
 *   after an authentication failure (its own code, `auth-failed`), and through the client, whose
 *   lockout guard keeps any pause the platform asked for.
 *
 * The next walk starts from what was learned. A caller that passes its own page size (tests, the
 * operator's single page) is not negotiated: it gets exactly that size and teaches nothing.
 *
 * A streamed walk (paging.ts `onPage`) asks for a small first page (FIRST_PAGE_ROWS) so that its
 * first rows show at once, and the negotiated size from its second request on. Only a page asked
 * at the negotiated size says that size is served, so the small page teaches nothing by itself; a
 * cap or a 400 on a later page is learned and handled as above.
 */
import {
  PAGE_SIZE_FALLBACK,
  firstPageSize,
  type LearnedPageSize,
  type NegotiatedOperation,
} from '../../shared/platform/page-limits';
import type { AppError } from '../../shared/result';
import type { PageSizeMemory } from './page-size-store';

/** What a walk tells about each page, and asks when a page failed (paging.ts, the CSV export). */
export interface PageSizeTuner {
  /** The page size to ask for now. */
  readonly size: number;
  /** A page asked with `limit` came back with `rows` rows (every position the platform sent). */
  answered(limit: number, rows: number): void;
  /** A page asked with `limit` failed: the smaller size to read the same page with, or null. */
  retrySize(error: AppError, limit: number): number | null;
}

/** Which memory a workspace's walks use: the PlatformClient of the workspace → the store. */
const memories = new WeakMap<object, PageSizeMemory>();

/** Makes the walks of `client` (a PlatformClient) learn into and start from `memory`. */
export function rememberPageSizes(client: object, memory: PageSizeMemory): void {
  memories.set(client, memory);
}

export class PageSizeNegotiation implements PageSizeTuner {
  size: number;
  private largest = 0;
  /** The previous page (asked at full size) was short: rows after it mean a cap. */
  private shortBefore = false;
  private fellBack = false;
  private learned = false;

  constructor(
    private readonly operation: NegotiatedOperation,
    start: number,
    /** Null: a fixed size that teaches nothing. */
    private readonly memory: { memory: PageSizeMemory | null; workspaceId: string; now: () => Date } | null,
  ) {
    this.size = start;
  }

  answered(limit: number, rows: number): void {
    if (this.memory === null) return;
    if (rows === 0) {
      this.shortBefore = false; // a short page and then the end: the list's last page
      return;
    }
    // The platform serves at least the largest page it sent. A short page followed by more rows
    // is a cap, whatever was asked (a walk with a row limit asks for less near the limit).
    this.largest = Math.max(this.largest, rows);
    if (this.shortBefore) this.learn('capped', this.largest, this.size);
    // Only a full page of the negotiated size says that size is served.
    else if (rows >= limit && limit === this.size) this.learn('served', limit, limit);
    this.shortBefore = rows < limit;
  }

  retrySize(error: AppError, limit: number): number | null {
    if (this.memory === null || this.fellBack) return null;
    if (error.code !== 'bad-request' || error.status !== 400 || limit <= PAGE_SIZE_FALLBACK) return null;
    this.fellBack = true;
    this.size = PAGE_SIZE_FALLBACK;
    this.learned = false;
    this.learn('refused', PAGE_SIZE_FALLBACK, limit);
    return PAGE_SIZE_FALLBACK;
  }

  /** Records once per walk, and only what differs from what the memory holds. */
  private learn(verdict: LearnedPageSize['verdict'], size: number, asked: number): void {
    const m = this.memory;
    if (m === null || this.learned) return;
    this.learned = true;
    const known = m.memory?.known(m.workspaceId, this.operation);
    if (known !== undefined && known.size === size && (verdict === 'served' || known.verdict === verdict))
      return;
    m.memory?.learn(m.workspaceId, {
      operation: this.operation,
      size,
      verdict,
      asked,
      learnedAt: m.now().toISOString(),
    });
  }
}

/**
 * The negotiation for one walk of `operation` by `client`: a fixed `explicit` size, else the size
 * learned for the client's workspace, else the largest the contract allows.
 */
export async function negotiatePageSize(
  client: { readonly workspaceId: string },
  operation: NegotiatedOperation,
  explicit?: number,
  now: () => Date = () => new Date(),
): Promise<PageSizeNegotiation> {
  if (explicit !== undefined) return new PageSizeNegotiation(operation, explicit, null);
  const memory = memories.get(client) ?? null;
  if (memory !== null) await memory.load(client.workspaceId);
  const known = memory?.known(client.workspaceId, operation);
  const start = known?.size ?? firstPageSize(operation);
  return new PageSizeNegotiation(operation, start, { memory, workspaceId: client.workspaceId, now });
}
