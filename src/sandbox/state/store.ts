/**
 * The sandbox's mutable state: the seeded data set, the moves that happen on the sandbox clock
 * (evaluated lazily on each request, so advancing the clock needs no timers), cached filtered
 * views, and the activity log that every accepted change appends to.
 */
import type { ActivityType } from '../../shared/platform/enums';
import type {
  Activity,
  AgentWallet,
  ClearLoopAction,
  CryptoAddress,
  Loan,
  Portfolio,
} from '../../shared/platform/resources';
import { activityName } from '../data/activities';
import { csvRecord, csvValues } from '../csv';
import { insertActivity } from '../data/generated-activities';
import { buildSandboxData } from '../data/seed';
import type { Organization, SandboxData, SandboxSize } from '../data/types';
import { VOCABULARIES, type LoanVocabulary, type SandboxVariant } from '../data/vocabulary';
import type { SandboxClock } from '../clock';
import { BASE_PRICES, type PriceTable } from '../money';
import { rngFor, type Rng } from '../prng';
import { ExchangeState, type CompletedOrder } from './exchange';
import type { Transfer } from './transfers';

export interface StoreOptions {
  seed: number;
  size: SandboxSize;
  /** How the seed spells what the specification leaves open (data/vocabulary.ts); default `default`. */
  variant?: SandboxVariant;
  pendingActivationMs: number;
  clock: SandboxClock;
}

const MAX_CACHED_VIEWS = 64;
const EMPTY_BUFFER = Buffer.alloc(0);

/** `r0,r1,…` as UTF-8, and the byte offset where each record ends. */
interface EncodedList {
  bytes: Buffer;
  ends: Float64Array;
}

/** `texts` joined by `separator` (one byte or none) as UTF-8, with the end of each. */
function encodeLines(texts: readonly string[], separator: ',' | ''): EncodedList {
  const gap = separator.length;
  let total = Math.max(0, texts.length - 1) * gap;
  for (const t of texts) total += Buffer.byteLength(t);
  const bytes = Buffer.allocUnsafeSlow(total);
  const ends = new Float64Array(texts.length);
  let at = 0;
  texts.forEach((t, i) => {
    if (i > 0 && gap > 0) bytes[at++] = 0x2c;
    at += bytes.write(t, at);
    ends[i] = at;
  });
  return { bytes, ends };
}

/** Records [from, to) of an encoding; `gap` bytes separate records. */
function rangeOf(encoded: EncodedList, from: number, to: number, gap: number): Buffer {
  const end = Math.min(to, encoded.ends.length);
  if (from >= end) return EMPTY_BUFFER;
  const start = from === 0 ? 0 : (encoded.ends[from - 1] as number) + gap;
  return encoded.bytes.subarray(start, encoded.ends[end - 1]);
}

/** A loan action as named in `loan-updated` webhook payloads. */
export type LoanActionName =
  'approve' | 'cancel-interest-payment' | 'accept-repayment' | 'confirm-external-disbursement';

/**
 * A change other parts of the sandbox (webhooks) want to hear about. Records are the live stored
 * objects: a listener must copy what it keeps, since later changes mutate them in place.
 */
export type StateChange =
  | { kind: 'loan-updated'; action: LoanActionName; loan: Loan }
  | { kind: 'agent-wallet-activated'; wallet: AgentWallet }
  | { kind: 'clearloop-action-executed'; action: ClearLoopAction }
  | { kind: 'crypto-address-created'; address: CryptoAddress }
  | { kind: 'order-completed'; order: CompletedOrder }
  /** A simulated deposit or withdrawal changed status (created, completed, failed). */
  | { kind: 'transfer'; transfer: Transfer };

export type StateChangeListener = (change: StateChange) => void;

export class SandboxStore {
  data!: SandboxData;
  exchange!: ExchangeState;
  /** USD prices; the seed's base prices until `POST /sandbox/prices` moves them. */
  prices: PriceTable = BASE_PRICES;
  private seededAt = 0;
  private settled = false;
  private ids!: Rng;
  private readonly views = new Map<string, readonly unknown[]>();
  /**
   * Each record's JSON, encoded once: list answers are assembled from these buffers instead of
   * stringifying and encoding 100 records per request (the profile's largest cost). Dropped with
   * every change, like the views, so an answer never shows a record as it was.
   */
  private encodedRecords = new WeakMap<object, Buffer>();
  /** Whole lists encoded for `encodedRange` / `csvRange`, by array identity; dropped with every change. */
  private encodedLists = new WeakMap<readonly object[], EncodedList>();
  private csvLists = new WeakMap<readonly object[], EncodedList>();
  private orgIndex = new Map<string, Organization>();
  private portfolioIndex = new Map<string, Portfolio>();
  private listener: StateChangeListener | undefined;

  constructor(readonly options: StoreOptions) {
    this.reset();
  }

  /** The spellings of the data served: the loan actions read pending requests through them. */
  get vocabulary(): LoanVocabulary {
    return VOCABULARIES[this.options.variant ?? 'default'];
  }

  /** Back to the seed: same data, pending items pending again, clock offset cleared. */
  reset(): void {
    this.options.clock.resetOffset();
    this.data = buildSandboxData(this.options.seed, this.options.size, this.options.variant);
    this.exchange = new ExchangeState((order) => this.emit({ kind: 'order-completed', order }));
    this.prices = BASE_PRICES;
    this.ids = rngFor(this.options.seed, 'runtime-ids');
    this.seededAt = this.options.clock.now();
    this.settled = false;
    this.orgIndex = new Map(this.data.organizations.map((o) => [o.organizationId, o]));
    this.portfolioIndex = new Map(this.data.portfolios.map((p) => [p.portfolioId, p]));
    this.changed();
  }

  now(): number {
    return this.options.clock.now();
  }

  /** When pending agent wallets and ClearLoop actions turn active / executed. */
  activationAt(): number {
    return this.seededAt + this.options.pendingActivationMs;
  }

  /** Applies the moves that are due. Cheap (one comparison) once they have happened. */
  settle(): void {
    if (this.settled || this.now() < this.activationAt()) return;
    this.settled = true;
    const at = String(this.activationAt());
    const moved: StateChange[] = [];
    for (const w of this.data.agentWallets) {
      if (w.status !== 'pending') continue;
      w.status = 'active';
      w.id = w.address;
      w.orderStatus = 'executed';
      moved.push({ kind: 'agent-wallet-activated', wallet: w });
    }
    for (const list of this.data.clearLoopActions.values()) {
      for (const a of list) {
        if (a.status !== 'pending') continue;
        a.status = 'executed';
        a.completedAt = at;
        a.updatedAt = at;
        moved.push({ kind: 'clearloop-action-executed', action: a });
      }
    }
    this.changed();
    for (const change of moved) this.emit(change);
  }

  /** One listener (the webhook hub); `undefined` detaches it. */
  onChange(listener: StateChangeListener | undefined): void {
    this.listener = listener;
  }

  /** Tells the listener; a listener's failure must never undo or fail the change itself. */
  emit(change: StateChange): void {
    if (this.listener === undefined) return;
    try {
      this.listener(change);
    } catch (err) {
      console.error('[sandbox] state change listener failed', err);
    }
  }

  changed(): void {
    this.views.clear();
    this.encodedRecords = new WeakMap();
    this.encodedLists = new WeakMap();
    this.csvLists = new WeakMap();
  }

  /**
   * The JSON of `list[from..to)` joined by commas, as one slice of a buffer holding the whole
   * list's records, encoded once per list (array identity) until the next change. A page is then
   * a view of that buffer: no per-record lookup, no concatenation, no copy.
   */
  encodedRange(list: readonly object[], from: number, to: number): Buffer {
    let encoded = this.encodedLists.get(list);
    if (encoded === undefined) {
      encoded = encodeLines(
        list.map((record) => JSON.stringify(record)),
        ',',
      );
      this.encodedLists.set(list, encoded);
    }
    return rangeOf(encoded, from, to, 1); // a page starts after the comma
  }

  /**
   * The CSV lines (CRLF each) of `list[from..to)` in `columns` order, as one slice of a buffer
   * holding the whole list's lines, encoded once per list until the next change (as
   * `encodedRange` for JSON): a 1,000-row CSV page is a header and one slice.
   */
  csvRange<T extends object>(
    list: readonly T[],
    columns: readonly (keyof T & string)[],
    from: number,
    to: number,
  ): Buffer {
    let encoded = this.csvLists.get(list);
    if (encoded === undefined) {
      encoded = encodeLines(
        list.map((r) => csvRecord(csvValues(r, columns))),
        '',
      );
      this.csvLists.set(list, encoded);
    }
    return rangeOf(encoded, from, to, 0);
  }

  /** A filtered view cached until the next change; `key` must describe the filter fully. */
  view<T>(key: string, build: () => T[]): readonly T[] {
    const hit = this.views.get(key);
    if (hit !== undefined) return hit as readonly T[];
    const built = build();
    if (this.views.size >= MAX_CACHED_VIEWS) {
      const oldest = this.views.keys().next().value;
      if (oldest !== undefined) this.views.delete(oldest);
    }
    this.views.set(key, built);
    return built;
  }

  isOwnPortfolio(portfolioId: string, organizationId: string): boolean {
    return this.portfolio(portfolioId)?.organizationId === organizationId;
  }

  organization(id: string): Organization | undefined {
    return this.orgIndex.get(id);
  }

  portfolio(id: string): Portfolio | undefined {
    return this.portfolioIndex.get(id);
  }

  newId(): string {
    return this.ids.uuid();
  }

  /** Records an accepted change in the organization's activity log (kept newest first). */
  recordActivity(
    organizationId: string,
    type: ActivityType,
    description: string,
    userId: string,
    portfolioId = '',
  ): Activity {
    const activity: Activity = {
      activityId: this.newId(),
      activityType: type,
      createdAt: String(this.now()),
      description,
      name: activityName(type),
      organizationId,
      portfolioId,
      userId,
    };
    let list = this.data.activities.get(organizationId);
    if (list === undefined) {
      list = [];
      this.data.activities.set(organizationId, list);
    }
    insertActivity(list, activity);
    this.changed();
    return activity;
  }
}
