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
import { buildSandboxData } from '../data/seed';
import type { Organization, SandboxData, SandboxSize } from '../data/types';
import type { SandboxClock } from '../clock';
import { BASE_PRICES, type PriceTable } from '../money';
import { rngFor, type Rng } from '../prng';
import { ExchangeState, type CompletedOrder } from './exchange';
import type { Transfer } from './transfers';

export interface StoreOptions {
  seed: number;
  size: SandboxSize;
  pendingActivationMs: number;
  clock: SandboxClock;
}

const MAX_CACHED_VIEWS = 64;

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
  private orgIndex = new Map<string, Organization>();
  private portfolioIndex = new Map<string, Portfolio>();
  private listener: StateChangeListener | undefined;

  constructor(readonly options: StoreOptions) {
    this.reset();
  }

  /** Back to the seed: same data, pending items pending again, clock offset cleared. */
  reset(): void {
    this.options.clock.resetOffset();
    this.data = buildSandboxData(this.options.seed, this.options.size);
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
  }

  /** The record's JSON as UTF-8 bytes, cached until the next change. */
  encoded(record: object): Buffer {
    let bytes = this.encodedRecords.get(record);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(record));
      this.encodedRecords.set(record, bytes);
    }
    return bytes;
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
    // Binary search for the first entry not newer than this one.
    const t = Number(activity.createdAt);
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (Number(list[mid]?.createdAt) > t) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, activity);
    this.changed();
    return activity;
  }
}
