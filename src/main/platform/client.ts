/**
 * The platform client: the only code in the app that talks HTTP to the platform.
 *
 * One core (`run`) builds the URL, serialises the body once, signs each attempt afresh, sends,
 * records the attempt in the request history, watches the server clock, and maps every outcome
 * to a `Result`. Only GETs are retried; POST and PATCH are sent at most once whatever happens,
 * because the platform makes nothing but order creation idempotent.
 */
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { Signer } from '../keychain/key-store';
import type { HistoryRecord, RequestHistory } from '../history/request-history';
import { fail, type AppError, type ErrorCode, type Result } from '../../shared/result';
import { signRequest } from './signing';
import {
  MAX_ERROR_BODY_BYTES,
  RETRYABLE_CODES,
  describeNetworkError,
  dropBody,
  errorForStatus,
  errorInAnswer,
  parseEnvelope,
  parseJsonAnswer,
  readBounded,
} from './answers';
import { openBodyStream } from './body-stream';
import { undiciSend, type Answer, type HttpMethod, type Send } from './transport';
import { numbersFor } from './shape';
import { secretTagOf, type LockoutGuard } from '../guard/lockout-guard';
import { MAX_RETRY_AFTER_MS } from '../../shared/platform/limits';
import { isoUtc } from '../../shared/time-text';
import {
  abortFailure,
  createAttemptControl,
  defaultSleep,
  deliveryOf,
  keyFailure,
  parseHttpDate,
  parseRetryAfter,
  pauseUnlessCancelled,
  type AttemptControl,
  type Sleep,
} from './attempt-control';

export type { AttemptControl, Sleep } from './attempt-control';

export type { HttpMethod } from './transport';
type Failure = { ok: false; error: AppError };

export interface RetryPolicy {
  /** Total tries for a GET, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface PlatformClientOptions {
  workspaceId: string;
  /** Platform root; its path ends with `/platform` and is part of every signed path. */
  baseUrl: string;
  signer: () => Promise<Signer | null>;
  history?: RequestHistory;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  now?: () => number;
  sleep?: Sleep;
  /** For backoff jitter; injectable so tests are deterministic. */
  random?: () => number;
  maxResponseBytes?: number;
  onClockSkew?: (skewMs: number) => void;
  /** How requests go on the wire (`transport.ts`); tests may put a fault in between. */
  send?: Send;
  /** A lockout guard for every request, whatever the key (tests); `guardFor` takes precedence. */
  guard?: LockoutGuard;
  /**
   * The lockout guard of the key that signs a request (asked once per request, after the signer is
   * read): it admits each attempt and counts what comes back. Called on every request: keep it cheap.
   */
  guardFor?: (apiKey: string) => LockoutGuard | undefined;
}

export interface RequestOptions {
  method: HttpMethod;
  /** Relative to the base URL, starting with `/`; segments already encoded (see `path`). */
  path: string;
  /** A query string from `buildQuery`, starting with `?`, or ''. */
  query?: string;
  /** Serialised once with JSON.stringify (a string is sent as is). Undefined: no body. */
  body?: unknown;
  contentType?: string;
  accept?: string;
  signal?: AbortSignal;
  /** Cheap envelope check of a JSON answer: returns what is wrong, or null. */
  expect?: (value: unknown) => string | null;
  /**
   * 'bulk' for the pages of a long job: it gets only part of the request budget and waits for a
   * slot (and for a Retry-After up to MAX_RETRY_AFTER_MS) instead of being refused.
   */
  pace?: 'interactive' | 'bulk';
  /** The contract operation this request serves ("loans.approve"), for the request history. */
  operation?: string;
  /**
   * Signs with this key instead of reading the workspace's key afresh: `execute` pins the key
   * whose fingerprint the operator reviewed, so that the key compared is the key that signs.
   */
  signer?: Signer;
}

export interface StreamAnswer {
  status: number;
  contentType: string | null;
  /** The body; emits `PlatformStreamError` when the transfer fails. Destroy it to stop early. */
  body: Readable;
}

/** Reads a 2xx answer; `keepsControl` hands the attempt's timer and abort to a returned stream. */
type Consume<T> = (
  response: Answer,
  control: AttemptControl,
  apiKey: string,
) => Promise<Failure | { ok: true; value: T; keepsControl?: boolean }>;

/** A request's URL, as `targetOf` checked it. */
interface Target {
  /** What is sent: the URL's own serialisation. */
  href: string;
  host: string;
  /** Path from the server root plus `?query`, as sent and signed. */
  pathWithQuery: string;
}

/** How many checked URLs a client keeps (`targetOf`). */
const MAX_KNOWN_TARGETS = 256;

/** Reports beyond this are worth telling the operator: typical platforms accept a few seconds. */
export const CLOCK_SKEW_REPORT_MS = 5_000;

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 4_000 };
/**
 * An operator's read waits at most this long for a retry (a Retry-After included); a longer wait
 * ends the call with the time the console may try again, which the screen counts down.
 */
export const INTERACTIVE_MAX_WAIT_MS = 10_000;

export class PlatformClient {
  readonly workspaceId: string;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly maxResponseBytes: number;
  private readonly send: Send;
  private skewMs: number | null = null;
  private readonly targets = new Map<string, Target>();
  private lastDateHeader: string | null = null;
  private lastDateMs = Number.NaN;

  constructor(private readonly options: PlatformClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:')
      throw new RangeError('baseUrl must be http(s)');
    this.workspaceId = options.workspaceId;
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
    this.send = options.send ?? undiciSend;
  }

  /**
   * Strictly increasing signing timestamps: two identical requests signed in the same millisecond
   * would carry the same signature, which a platform guarding against replays refuses.
   */
  private lastTimestamp = 0;
  private nextTimestamp(): number {
    this.lastTimestamp = Math.max(this.now(), this.lastTimestamp + 1);
    return this.lastTimestamp;
  }

  /** The full URL of a path relative to the base (what a confirmation shows). */
  urlOf(path: string): string {
    return this.origin + this.basePath + path;
  }

  /** Server clock minus local clock from the last answer's `Date` header, or null before any. */
  get clockSkewMs(): number | null {
    return this.skewMs;
  }

  /** A JSON request. */
  async request<T>(opts: RequestOptions): Promise<Result<T>> {
    return this.run(opts, async (response, control, apiKey) => {
      const read = await readBounded(response.body, response.header('content-length'), this.maxResponseBytes);
      if (!read.ok) return this.unreadable(read, control, response.status);
      const parsed = parseJsonAnswer(
        read.bytes,
        response.header('content-type'),
        response.status,
        numbersFor(opts.expect),
      );
      if (!parsed.ok) return parsed;
      const problem = opts.expect?.(parsed.value) ?? null;
      if (problem !== null) {
        return (
          errorInAnswer(parsed.value, opts.method, response.status, apiKey) ??
          fail('bad-response', `The platform's answer is not the expected shape: ${problem}`, {
            status: response.status,
          })
        );
      }
      return { ok: true, value: parsed.value as T };
    });
  }

  /** A request whose 2xx body is handed over as a stream (CSV exports). */
  async requestStream(opts: RequestOptions): Promise<Result<StreamAnswer>> {
    return this.run(opts, async (response, control) => {
      const contentType = response.header('content-type');
      if (contentType !== null && /html/i.test(contentType)) {
        await dropBody(response.body);
        return fail(
          'bad-response',
          `The platform answered ${contentType} instead of data (HTTP ${response.status})`,
          {
            status: response.status,
          },
        );
      }
      const body = openBodyStream(response.body, control, this.maxResponseBytes);
      return { ok: true, value: { status: response.status, contentType, body }, keepsControl: true };
    });
  }

  private unreadable(
    read: { reason: 'too-large' | 'broken'; detail: string },
    control: AttemptControl,
    status: number,
  ): Failure {
    const by = control.abortedBy();
    if (by !== null) return abortFailure(by, this.timeoutMs);
    if (read.reason === 'too-large') {
      return fail(
        'bad-response',
        `The platform's answer is too large (HTTP ${status}, ${read.detail}); narrow the filters`,
        {
          status,
        },
      );
    }
    return fail('bad-response', `The platform's answer was cut off (HTTP ${status}, ${read.detail})`, {
      status,
    });
  }

  private async run<T>(opts: RequestOptions, consume: Consume<T>): Promise<Result<T>> {
    const { method, signal } = opts;
    const target = this.targetOf(opts.path + (opts.query ?? ''));
    if (target === null) return fail('bad-input', 'The request path is not a valid URL');
    const { pathWithQuery } = target;
    const body =
      opts.body === undefined
        ? undefined
        : typeof opts.body === 'string'
          ? opts.body
          : JSON.stringify(opts.body);
    if (signal?.aborted) return fail('cancelled', 'Cancelled');

    let signer: Signer | null;
    try {
      signer = opts.signer ?? (await this.options.signer());
    } catch (error) {
      return keyFailure(error);
    }
    if (signer === null) {
      // Recorded although nothing was sent: "why did nothing happen" is what the history answers.
      this.record(opts, pathWithQuery, null, 0, 'no-key', 1);
      return fail('no-key', 'No API key is configured for this workspace: add one in the workspace settings');
    }

    // The guard of the key that signs (the workspace's key may have been replaced since last time).
    const guard = this.options.guardFor?.(signer.apiKey) ?? this.options.guard;
    // Which secret signs (two workspaces may hold one key id with different secrets): in memory.
    const secretTag = guard === undefined ? undefined : secretTagOf(signer);
    const maxAttempts = method === 'GET' ? Math.max(1, this.retry.maxAttempts) : 1;
    for (let attempt = 1; ; attempt++) {
      const { result, retryAfterMs } = await this.attempt(
        target,
        method,
        pathWithQuery,
        body,
        opts,
        signer,
        guard,
        secretTag,
        attempt,
        consume,
      );
      const final = result.ok || attempt >= maxAttempts || !RETRYABLE_CODES.has(result.error.code);
      const delay = this.retryDelay(attempt, retryAfterMs, guard);
      if (!result.ok && result.error.code === 'rate-limited') {
        // The error says when the console may try again; never sooner than the platform said.
        result.error.retryAt = String(this.now() + delay);
      }
      if (final) return result;
      const maxWait = opts.pace === 'bulk' ? MAX_RETRY_AFTER_MS : INTERACTIVE_MAX_WAIT_MS;
      if (delay > maxWait) return result;
      if (!(await pauseUnlessCancelled(this.options.sleep ?? defaultSleep, delay, signal)))
        return fail('cancelled', 'Cancelled while waiting to retry');
    }
  }

  /**
   * The URL of a path-with-query relative to the base, checked and serialised once: a screen's
   * refresh and a retry ask for the same few again and again, and parsing a URL is part of every
   * short request's cost. Null when it makes no URL. Bounded: emptied when full.
   */
  private targetOf(relative: string): Target | null {
    const known = this.targets.get(relative);
    if (known !== undefined) return known;
    let url: URL;
    try {
      url = new URL(this.origin + this.basePath + relative);
    } catch {
      return null;
    }
    // Sign what will be sent: the URL's own serialisation of path and query.
    const target: Target = { href: url.href, host: url.host, pathWithQuery: url.pathname + url.search };
    if (this.targets.size >= MAX_KNOWN_TARGETS) this.targets.clear();
    this.targets.set(relative, target);
    return target;
  }

  /**
   * Full jitter spreads clients that failed together; a Retry-After (up to MAX_RETRY_AFTER_MS) and
   * the guard's pause after a 429 are lower bounds: the console never retries sooner than asked.
   */
  private retryDelay(attempt: number, retryAfterMs: number | null, guard: LockoutGuard | undefined): number {
    const cap = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    let delay = Math.floor(this.random() * cap);
    if (retryAfterMs !== null) delay = Math.max(delay, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
    const paused = guard?.pausedUntilMs ?? 0;
    if (paused > 0) delay = Math.max(delay, paused - this.now());
    return delay;
  }

  /**
   * The guard's admission of one attempt; a bulk job waits for its turn (cancellable). Every
   * attempt also waits for the guard's state to be durable (a failure just counted, or a larger
   * in-flight allowance: key-guards.ts) before it may go.
   */
  private async admit(
    opts: RequestOptions,
    guard: LockoutGuard,
    secretTag: string | undefined,
  ): Promise<Failure | null> {
    for (let waits = 0; ; waits++) {
      const durable = guard.whenSendable(secretTag);
      if (durable !== true) {
        if (waits >= 100) {
          return fail('guard-refused', 'The lockout guard could not record its counts in time: try again.', {
            retryAt: String(this.now() + 1_000),
            delivery: 'not-sent',
          });
        }
        await durable;
        continue;
      }
      // No await between this admission and noteSent (attempt): nothing can come in between.
      const refusal = guard.admit(opts.pace ?? 'interactive');
      if (refusal === null) return null;
      const wait = refusal.retryAt - this.now();
      const mayWait =
        opts.pace === 'bulk' && wait <= MAX_RETRY_AFTER_MS && (refusal.budgetOnly || guard.pausedUntilMs > 0);
      if (!mayWait || waits >= 100) {
        return fail('guard-refused', refusal.reason, {
          retryAt: String(refusal.retryAt),
          delivery: 'not-sent',
        });
      }
      if (!(await pauseUnlessCancelled(this.options.sleep ?? defaultSleep, Math.max(wait, 1), opts.signal)))
        return fail('cancelled', 'Cancelled while waiting for the request budget');
    }
  }

  private async attempt<T>(
    target: Target,
    method: HttpMethod,
    pathWithQuery: string,
    body: string | undefined,
    opts: RequestOptions,
    signer: Signer,
    guard: LockoutGuard | undefined,
    secretTag: string | undefined,
    attempt: number,
    consume: Consume<T>,
  ): Promise<{ result: Result<T>; retryAfterMs: number | null }> {
    const { signal } = opts;
    if (signal?.aborted) return { result: fail('cancelled', 'Cancelled'), retryAfterMs: null };
    // Admitted at once is nearly every attempt's case: it takes no await (admit() asks again, no
    // side effect, when it has to refuse or wait).
    const refused =
      guard === undefined ||
      (guard.admit(opts.pace ?? 'interactive') === null && guard.whenSendable(secretTag) === true)
        ? null
        : await this.admit(opts, guard, secretTag);
    if (refused !== null) {
      this.record(opts, pathWithQuery, null, 0, refused.error.code, attempt);
      return { result: refused, retryAfterMs: null };
    }
    const control = createAttemptControl(signal, this.timeoutMs);
    const started = performance.now();
    const sentAt = this.nextTimestamp();
    // The signed headers' own object, completed in place (no copy on the hot path).
    const headers: Record<string, string> = signRequest(signer, {
      method,
      pathWithQuery,
      body,
      timestamp: sentAt,
    });
    headers.Accept = opts.accept ?? 'application/json';
    // The media type selects the loan operation, so it is sent even when there is no body.
    if (opts.contentType !== undefined || body !== undefined) {
      headers['Content-Type'] = opts.contentType ?? 'application/json';
    }
    const latency = () => Math.round(performance.now() - started);

    let response: Answer;
    const ticket = guard?.noteSent(secretTag);
    try {
      response = await this.send(target.href, { method, headers, body, signal: control.controller.signal });
    } catch (error) {
      control.release();
      const by = control.abortedBy();
      const failure =
        by !== null
          ? abortFailure(by, this.timeoutMs)
          : fail(
              'network',
              `Could not reach the platform at ${target.host} (${describeNetworkError(error)})`,
              {
                delivery: deliveryOf(error),
              },
            );
      guard?.noteAnswer(null, failure.error.code, null, ticket);
      this.record(opts, pathWithQuery, null, latency(), failure.error.code, attempt);
      return { result: failure, retryAfterMs: null };
    }

    const skew = this.observeClock(response.header('date'), sentAt);
    // This answer's own Date (other requests may read theirs while this body is being read).
    const serverNowMs = this.lastDateMs;
    let result: Failure | { ok: true; value: T; keepsControl?: boolean };
    try {
      result =
        response.status >= 200 && response.status <= 299
          ? await consume(response, control, signer.apiKey)
          : await this.errorAnswer(response, control, method, pathWithQuery, signer.apiKey, skew);
    } catch (error) {
      // consume() is not meant to throw; if it does, it is a bug here, not the platform's fault.
      result = fail('internal', `Reading the platform's answer failed: ${describeNetworkError(error)}`);
    }
    if (!(result.ok && result.keepsControl)) control.release();
    const retryAfterMs = parseRetryAfter(response.header('retry-after'), serverNowMs, this.now());
    guard?.noteAnswer(response.status, result.ok ? null : result.error.code, retryAfterMs, ticket);
    this.record(
      opts,
      pathWithQuery,
      response.status,
      latency(),
      result.ok ? null : result.error.code,
      attempt,
    );
    return { result: result.ok ? { ok: true, value: result.value } : result, retryAfterMs };
  }

  private async errorAnswer(
    response: Answer,
    control: AttemptControl,
    method: HttpMethod,
    pathWithQuery: string,
    apiKey: string,
    skew: number | null,
  ): Promise<Failure> {
    const read = await readBounded(response.body, null, MAX_ERROR_BODY_BYTES);
    const by = control.abortedBy();
    if (by !== null) return abortFailure(by, this.timeoutMs);
    const envelope = read.ok ? parseEnvelope(read.bytes.toString('utf8')) : null;
    const failure = errorForStatus({
      status: response.status,
      statusText: response.statusText,
      what: `${method} ${pathWithQuery}`,
      envelope,
      apiKey,
    });
    if (failure.error.code === 'auth-failed' && skew !== null && Math.abs(skew) > CLOCK_SKEW_REPORT_MS) {
      const seconds = Math.round(Math.abs(skew) / 1000);
      const direction = skew > 0 ? 'behind' : 'ahead of';
      return fail(
        'clock-skew',
        `The platform refused the signature, and this computer's clock is off by ${seconds} s (${direction} the platform's). ` +
          'That is the likely cause: the signed timestamp is outside what the platform accepts. Correct the system clock and try again.',
        {
          status: failure.error.status,
          platformError: failure.error.platformError,
          ...(failure.error.details !== undefined ? { details: failure.error.details } : {}),
        },
      );
    }
    return failure;
  }

  /**
   * Returns the skew seen in this answer (null without a usable Date header). An answer whose Date
   * is missing or unreadable resets the skew to "unknown": a figure from an earlier answer must not
   * be shown as if this one confirmed it (the connection test reads it right after its request).
   */
  private observeClock(dateHeader: string | null, sentAt: number): number | null {
    // One-second resolution: consecutive answers mostly carry the same text, parsed once.
    if (dateHeader !== this.lastDateHeader) {
      this.lastDateHeader = dateHeader;
      this.lastDateMs = dateHeader === null ? Number.NaN : parseHttpDate(dateHeader);
    }
    const server = this.lastDateMs;
    if (Number.isNaN(server)) {
      this.skewMs = null;
      return null;
    }
    // The Date header has one-second resolution and is stamped somewhere between send and
    // receive: compare with the midpoint and add half a second for the truncation.
    const local = (sentAt + this.now()) / 2;
    const skew = Math.round(server + 500 - local);
    this.skewMs = skew;
    if (Math.abs(skew) > CLOCK_SKEW_REPORT_MS) this.options.onClockSkew?.(skew);
    return skew;
  }

  /** One attempt in the request history: what it served (approve and cancel differ), never a header or body. */
  private record(
    opts: RequestOptions,
    path: string,
    status: number | null,
    latencyMs: number,
    errorCode: ErrorCode | null,
    attempt: number,
  ): void {
    const history = this.options.history;
    if (history === undefined) return;
    const entry: HistoryRecord = {
      time: isoUtc(this.now()),
      workspaceId: this.workspaceId,
      method: opts.method,
      path,
      status,
      latencyMs,
      errorCode,
      attempt,
    };
    if (opts.operation !== undefined) entry.operation = opts.operation;
    if (opts.contentType !== undefined) entry.contentType = opts.contentType;
    history.record(entry);
  }
}
