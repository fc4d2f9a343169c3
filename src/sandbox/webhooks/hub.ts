/**
 * The webhook hub: keeps subscriptions, turns state changes into signed deliveries, sends them
 * with bounded concurrency, retries anything but a 200 with exponential backoff a bounded number
 * of times, and keeps a bounded delivery log. Every timer is unref'd and `close()` stops it all.
 *
 * Signature (platform-facts): hex HMAC-SHA256 with the key's secret over
 * X-Timestamp + eventId + the raw body. Each attempt is signed afresh with the sandbox's wall
 * clock (the clock receivers compare with theirs), so a retry is never stale because of an earlier
 * attempt, and advancing the sandbox clock does not make deliveries look stale either.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { ClientRequest } from 'node:http';
import type { Authenticator } from '../auth';
import type { SandboxClock } from '../clock';
import { badRequest, conflict, notFound } from '../errors';
import type { SandboxStore, StateChange } from '../state/store';
import { webhookEventsFor } from './events';
import { postOnce, type AttemptOutcome } from './sender';
import { type Subscription, type SubscriptionInput } from './subscriptions';

export interface WebhookRetryOptions {
  /** Total attempts, the first included (default 5). */
  attempts?: number;
  /** Delay before the second attempt; doubled for each next one (default 1000 ms). */
  baseDelayMs?: number;
  /** Per attempt, answer included (default 5000 ms). */
  timeoutMs?: number;
}

export type DeliveryState = 'pending' | 'delivered' | 'retrying' | 'failed';

/** One attempt at a delivery, as `GET /sandbox/webhooks/deliveries` shows it. */
export interface AttemptRecord {
  /** Epoch ms (also the X-Timestamp of that attempt). */
  at: string;
  status: number | null;
  latencyMs: number;
  error: string | null;
}

/**
 * A delivery as the controls show it (the sandbox's own control answer; the console's contract
 * reads the same JSON with its own type), plus the bytes it sends.
 */
export interface DeliveryView {
  deliveryId: string;
  eventId: string;
  event: string;
  subscriptionId: string;
  url: string;
  createdAt: string;
  state: DeliveryState;
  attempts: AttemptRecord[];
  nextAttemptAt: string | null;
}

interface Delivery extends DeliveryView {
  body: Buffer;
}

export interface HubDeps {
  store: SandboxStore;
  auth: Authenticator;
  clock: SandboxClock;
  defaultApiKey: string;
  retry?: WebhookRetryOptions;
  /** How often pending state moves are checked while a subscription exists. */
  tickMs?: number;
}

const MAX_SUBSCRIPTIONS = 100;
const MAX_LOG = 1000;
const MAX_QUEUE = 10_000;
const CONCURRENCY = 8;
const MAX_ANSWER_BYTES = 4096;
const MAX_DELAY_MS = 5 * 60_000;

function checkedInt(value: number | undefined, fallback: number, min: number, max: number, name: string) {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < min || v > max)
    throw new Error(`webhookRetry.${name} must be an integer between ${min} and ${max}`);
  return v;
}

export class WebhookHub {
  private readonly subs = new Map<string, Subscription>();
  /** Newest first, at most MAX_LOG; a delivery still retrying keeps running after it leaves the log. */
  private log: Delivery[] = [];
  private readonly queue: Delivery[] = [];
  private inFlight = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private tick: NodeJS.Timeout | undefined;
  private readonly open = new Set<ClientRequest>();
  private closed = false;
  private readonly attempts: number;
  private readonly baseDelayMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly deps: HubDeps) {
    this.attempts = checkedInt(deps.retry?.attempts, 5, 1, 20, 'attempts');
    this.baseDelayMs = checkedInt(deps.retry?.baseDelayMs, 1000, 1, 600_000, 'baseDelayMs');
    this.timeoutMs = checkedInt(deps.retry?.timeoutMs, 5000, 1, 60_000, 'timeoutMs');
    deps.store.onChange((change) => this.publish(change));
  }

  subscribe(input: SubscriptionInput): Subscription {
    const apiKey = input.apiKey ?? this.deps.defaultApiKey;
    const key = this.deps.auth.lookup(apiKey);
    if (key === undefined) throw badRequest('apiKey is not a sandbox API key (see POST /sandbox/keys)');
    input.portfolioIds?.forEach((id, i) => {
      if (!this.deps.store.isOwnPortfolio(id, key.organizationId))
        throw badRequest(`portfolioIds[${i}] is not a portfolio of the key's organization`);
    });
    if (this.subs.size >= MAX_SUBSCRIPTIONS)
      throw conflict(`at most ${MAX_SUBSCRIPTIONS} subscriptions; delete one first`);
    const sub: Subscription = {
      subscriptionId: randomUUID(),
      url: input.url.href,
      events: input.events,
      portfolioIds: input.portfolioIds,
      apiKey,
      organizationId: key.organizationId,
      createdAt: String(this.deps.clock.now()),
    };
    this.subs.set(sub.subscriptionId, sub);
    this.startTick();
    return sub;
  }

  subscriptions(): Subscription[] {
    return [...this.subs.values()];
  }

  unsubscribe(id: string): Subscription {
    const sub = this.subs.get(id);
    if (sub === undefined) throw notFound(`no subscription ${JSON.stringify(id.slice(0, 80))}`);
    this.subs.delete(id);
    if (this.subs.size === 0) this.stopTick();
    return sub;
  }

  deliveries(subscriptionId?: string, limit = MAX_LOG): Record<string, unknown>[] {
    const rows =
      subscriptionId === undefined ? this.log : this.log.filter((d) => d.subscriptionId === subscriptionId);
    return rows.slice(0, limit).map((d) => ({
      deliveryId: d.deliveryId,
      eventId: d.eventId,
      event: d.event,
      subscriptionId: d.subscriptionId,
      url: d.url,
      createdAt: d.createdAt,
      state: d.state,
      attempts: d.attempts.map((a) => ({ ...a })),
      nextAttemptAt: d.nextAttemptAt,
    }));
  }

  close(): void {
    this.deps.store.onChange(undefined);
    this.stopTick();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.queue.length = 0;
    this.closed = true;
    for (const req of this.open) req.destroy();
    this.open.clear();
  }

  /** Pending wallets / ClearLoop actions must move (and fire) even when no request comes in. */
  private startTick(): void {
    if (this.tick !== undefined) return;
    this.tick = setInterval(() => {
      try {
        this.deps.store.settle();
      } catch (err) {
        // A timer callback that throws would take the whole process down with it.
        console.error('[sandbox] webhook tick failed', err);
      }
    }, this.deps.tickMs ?? 500);
    this.tick.unref();
  }

  private stopTick(): void {
    if (this.tick !== undefined) clearInterval(this.tick);
    this.tick = undefined;
  }

  private publish(change: StateChange): void {
    if (this.subs.size === 0 || this.closed) return;
    for (const ev of webhookEventsFor(change, this.deps.store)) {
      const targets = [...this.subs.values()].filter(
        (s) =>
          s.organizationId === ev.organizationId &&
          s.events.includes(ev.event) &&
          (s.portfolioIds === undefined || ev.portfolioIds.some((p) => s.portfolioIds?.includes(p))),
      );
      if (targets.length === 0) continue;
      const eventId = randomUUID();
      const payload = ev.payload();
      for (const sub of targets) {
        const body = Buffer.from(
          JSON.stringify({ event: ev.event, eventId, payload, subscriptionId: sub.subscriptionId }),
        );
        this.enqueue({
          deliveryId: randomUUID(),
          eventId,
          event: ev.event,
          subscriptionId: sub.subscriptionId,
          url: sub.url,
          createdAt: String(this.deps.clock.now()),
          state: 'pending',
          attempts: [],
          nextAttemptAt: null,
          body,
        });
      }
    }
  }

  private enqueue(d: Delivery): void {
    this.log.unshift(d);
    if (this.log.length > MAX_LOG) this.log = this.log.slice(0, MAX_LOG);
    if (this.queue.length >= MAX_QUEUE) {
      this.finish(d, 'failed', { status: null, latencyMs: 0, error: 'delivery queue full' });
      return;
    }
    this.queue.push(d);
    this.pump();
  }

  private pump(): void {
    while (this.inFlight < CONCURRENCY && this.queue.length > 0 && !this.closed) {
      const d = this.queue.shift();
      if (d === undefined) break;
      this.inFlight++;
      void this.attempt(d)
        .catch((err: unknown) => {
          this.finish(d, 'failed', { status: null, latencyMs: 0, error: `internal: ${String(err)}` });
        })
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }

  private async attempt(d: Delivery): Promise<void> {
    d.nextAttemptAt = null;
    const sub = this.subs.get(d.subscriptionId);
    if (sub === undefined) {
      this.finish(d, 'failed', { status: null, latencyMs: 0, error: 'subscription deleted' });
      return;
    }
    const key = this.deps.auth.lookup(sub.apiKey);
    if (key === undefined) {
      this.finish(d, 'failed', { status: null, latencyMs: 0, error: 'signing key unknown' });
      return;
    }
    const timestamp = String(this.deps.clock.wallNow());
    const signature = createHmac('sha256', key.apiSecret)
      .update(`${timestamp}${d.eventId}`)
      .update(d.body)
      .digest('hex');
    const outcome = await postOnce(
      new URL(d.url),
      {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'copper-sandbox-webhooks',
        'X-Signature': signature,
        'X-Timestamp': timestamp,
        'X-Id': sub.subscriptionId,
      },
      d.body,
      { timeoutMs: this.timeoutMs, maxAnswerBytes: MAX_ANSWER_BYTES, open: this.open },
    );
    if (this.closed) return;
    if (outcome.status === 200) {
      this.finish(d, 'delivered', outcome, timestamp);
      return;
    }
    const error = outcome.error ?? `answered ${outcome.status ?? 'nothing'}, not 200`;
    if (d.attempts.length + 1 >= this.attempts) {
      this.finish(d, 'failed', { ...outcome, error }, timestamp);
      return;
    }
    this.finish(d, 'retrying', { ...outcome, error }, timestamp);
    const delay = Math.min(this.baseDelayMs * 2 ** (d.attempts.length - 1), MAX_DELAY_MS);
    d.nextAttemptAt = String(this.deps.clock.wallNow() + delay);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.queue.push(d);
      this.pump();
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private finish(d: Delivery, state: DeliveryState, outcome: AttemptOutcome, at?: string): void {
    d.state = state;
    d.attempts.push({
      at: at ?? String(this.deps.clock.wallNow()),
      status: outcome.status,
      latencyMs: outcome.latencyMs,
      error: outcome.error,
    });
  }
}
