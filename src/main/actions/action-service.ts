/**
 * Prepared, one-shot actions: the main side's authority over everything that sends a POST or
 * PATCH to the platform.
 *
 *   prepare(workspaceId, input) → validates (the router already parsed the shared schema), checks the
 *       rules with a fresh read where they need one, builds the exact request, keeps it under a
 *       random one-shot id for PREPARED_TTL_MS and returns it for the confirmation to show.
 *   execute(id, phrase)         → refuses an unknown, used or expired id, a production action without
 *       the typed phrase (the workspace's name, exactly), a second identical action on the same object while one is in flight or
 *       unsettled, a workspace whose base URL or key changed since the review, and a request the
 *       lockout guard holds back; then journals "sent" (fsync'd and anchored), signs and sends the
 *       stored bytes once, and classifies the answer: done / refused / unknown.
 *
 * Write-ahead: "sent" carries what is needed to list the action as unsettled after a restart, so an
 * action whose journal has "sent" and no outcome is unknown at every start, whatever stopped the
 * console (journal-index.ts). If "answered" or "outcome" cannot be written, those entries are kept
 * and retried, and the workspace refuses new actions until they are on disk.
 *   check(id), settle(id)       → settle an unknown outcome by re-reading, or by the operator's word
 *       where the platform offers no read. Unsettled actions stay listed until then.
 *
 * Stored shape (memory; the journal keeps the durable record):
 *   prepared: Map<id, { prepared, built, workspaceId, state: ready|sending|sent|expired }>
 *   unsettled: Map<id, UnsettledAction & { dedupKey }>
 */
import { randomBytes } from 'node:crypto';
import {
  PREPARED_TTL_MS,
  type ActionInput,
  type ActionResult,
  type CheckResult,
  type PreparedAction,
  type Settlement,
  type UnsettledAction,
} from '../../shared/actions';
import { fail, ok, type AppError, type Result } from '../../shared/result';
import { formatUtcTime } from '../../shared/time-text';
import type { PlatformClients, WorkspaceClient } from '../platform/platform-clients';
import { buildRequest, legacyKeyOf, sendBuilt, type BuiltRequest } from './build-request';
import { checkNow, checkPlan, type CheckTarget } from './check-now';
import { dedupKeyOf, objectTextOf } from './dedup-key';
import { classifyResult } from './outcome';
import type { ActionJournal } from './journal-sink';
import { outcomeDetail, sentDetail, unsettledFromJournal } from './journal-sink';
import { ActionRecorder } from './action-recorder';

/** Which of what signs changed since the review, in words; null when neither did. */
function reviewChanged(reviewed: PreparedAction['review'], now: PreparedAction['review']): string | null {
  const url = reviewed.baseUrl !== now.baseUrl;
  const key = reviewed.keyFingerprint !== now.keyFingerprint;
  if (url && key) return "The workspace's base URL and its API key";
  if (url) return `The workspace's base URL (${reviewed.baseUrl} → ${now.baseUrl})`;
  if (key) return "The workspace's API key";
  return null;
}

/** `unsent`: execute stopped before the request left (it could not be journalled); review again. */
type State = 'ready' | 'sending' | 'sent' | 'unsent' | 'expired';
interface Entry {
  prepared: PreparedAction;
  built: BuiltRequest;
  state: State;
  dedupKey: string;
  target: CheckTarget;
  /** The fingerprint of the key that will sign (journalled; never the key id or the secret). */
  keyId: string;
}

/**
 * Where a test stops the process for a kill (test/integration/journal/kill.test.ts): after "sent"
 * is on disk, after the answer arrived (nothing of it written), after "answered" is on disk.
 */
export const CRASH_POINTS = ['sent', 'answer-received', 'answered'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** Kinds once journalled as actions that are reads now (issue 27): never unsettled. */
const RETIRED_READS: ReadonlySet<string> = new Set(['loans.estimateLtv', 'loans.ltvDryRun']);

/** The platform client's time limit for an answer when none is configured (client.ts). */
export const DEFAULT_ANSWER_WITHIN_MS = 30_000;

/** Used and expired ids are remembered this long, to say "already sent" rather than "unknown id". */
const REMEMBER_MS = 30 * 60_000;
const MAX_REMEMBERED = 2_000;

export interface ActionServiceDeps {
  clients: PlatformClients;
  journal?: ActionJournal;
  now?: () => number;
  /** Told whenever the unsettled list changes (the renderer's notice listens through an event). */
  onUnsettledChange?: () => void;
  /** The platform client's time limit for an answer, shown by the confirmation while it waits. */
  answerWithinMs?: number;
  /** Who acts, recorded on every entry: the operator name from preferences, else the OS account. */
  operator?: () => string;
  /** Tests only (browser mode's --test-crash-point): awaited at each point, to be killed there. */
  crashPoint?: (point: CrashPoint) => Promise<void>;
  log?: (message: string, error?: unknown) => void;
}

export class ActionService {
  private readonly entries = new Map<string, Entry>();
  private readonly unsettledById = new Map<
    string,
    UnsettledAction & { dedupKey: string; target: CheckTarget }
  >();
  private readonly inFlight = new Set<string>();
  private readonly nonces = new Map<string, number>();
  private readonly recorder: ActionRecorder;
  private readonly now: () => number;

  constructor(private readonly deps: ActionServiceDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.recorder = new ActionRecorder(deps);
  }

  async prepare(workspaceId: string, input: ActionInput): Promise<Result<PreparedAction>> {
    this.forgetOld();
    const blocked = await this.recorder.blocked(workspaceId);
    if (blocked !== null) return blocked;
    const resolved = await this.deps.clients.forWorkspace(workspaceId);
    if (!resolved.ok) return resolved;
    const { client, workspace, keyId } = resolved.value;
    // Refused before anything is read: the operator must settle the first one before a second.
    // By meaning, per organization and key (dedup-key.ts), not per workspace or literal input.
    const dedupKey = dedupKeyOf({ organizationId: workspace.organizationId, keyFingerprint: keyId }, input);
    const legacyKey = legacyKeyOf(workspaceId, input);
    const early = this.busy(legacyKey === null ? [dedupKey] : [dedupKey, legacyKey], objectTextOf(input));
    if (early !== null) return early;
    const built = await buildRequest(
      { client, organizationId: workspace.organizationId, nextNonce: () => this.nextNonce(workspaceId) },
      input,
    );
    if (!built.ok) return built;

    const now = this.now();
    const id = `act_${randomBytes(18).toString('base64url')}`;
    const prepared: PreparedAction = {
      id,
      kind: input.kind,
      title: built.value.title,
      workspace: {
        id: workspace.id,
        name: workspace.name,
        environment: workspace.environment,
        organizationId: workspace.organizationId,
      },
      target: built.value.target,
      request: {
        method: built.value.method,
        url: client.urlOf(built.value.path),
        contentType: built.value.contentType,
        body: built.value.body,
      },
      fields: built.value.fields,
      context: built.value.context,
      warnings: built.value.warnings ?? [],
      preparedAt: String(now),
      expiresAt: String(now + PREPARED_TTL_MS),
      // Every action changes state: production always asks for the phrase, the workspace's own
      // name (a constant word becomes muscle memory; the name says which desk is about to change).
      phraseRequired: workspace.environment === 'production' ? workspace.name : null,
      answerWithinMs: this.deps.answerWithinMs ?? DEFAULT_ANSWER_WITHIN_MS,
      review: { baseUrl: workspace.baseUrl, keyFingerprint: keyId },
    };
    const nonce = built.value.fields.find((f) => f.name === 'nonce')?.value;
    const target: CheckTarget = { kind: input.kind, ...built.value.check, ...(nonce ? { nonce } : {}) };
    const recorded = await this.recorder.record(prepared, 'prepared', {
      keyId,
      detail: { request: prepared.request, fields: prepared.fields, baseUrl: workspace.baseUrl },
    });
    if (recorded !== null)
      return fail(
        'journal-unwritable',
        `The action could not be written to the journal (${recorded}), so it was not prepared. Nothing was sent.`,
      );
    this.entries.set(id, { prepared, built: built.value, state: 'ready', dedupKey, target, keyId });
    return ok(prepared);
  }

  async execute(id: string, phrase: string | undefined): Promise<Result<ActionResult>> {
    const entry = this.entries.get(id);
    if (entry === undefined)
      return fail(
        'prepared-used',
        'This prepared action is not known (the console may have restarted). Nothing was sent: review it again.',
      );
    if (entry.state === 'unsent')
      return fail(
        'prepared-used',
        'This prepared action was not sent, and cannot be any more (see the answer to the first attempt). Review it again to send it.',
      );
    if (entry.state !== 'ready') {
      return entry.state === 'expired'
        ? this.expired(entry)
        : fail(
            'prepared-used',
            'This prepared action was already sent once; a prepared action is sent at most once. Nothing more was sent.',
          );
    }
    if (this.now() > Number(entry.prepared.expiresAt)) {
      entry.state = 'expired';
      return this.expired(entry);
    }
    const { prepared, built } = entry;
    if (prepared.phraseRequired !== null && phrase !== prepared.phraseRequired)
      return fail(
        'confirmation-required',
        `This changes production: type the workspace's name, “${prepared.phraseRequired}”, exactly, to confirm. Nothing was sent.`,
        { field: 'phrase' },
      );
    const busy = this.busy([entry.dedupKey], built.target);
    if (busy !== null) return busy;
    const blocked = await this.recorder.blocked(prepared.workspace.id);
    if (blocked !== null) return blocked;
    const resolved = await this.deps.clients.forWorkspace(prepared.workspace.id);
    if (!resolved.ok) return resolved;
    const changed = reviewChanged(prepared.review, {
      baseUrl: resolved.value.workspace.baseUrl,
      keyFingerprint: resolved.value.keyId,
    });
    if (changed !== null) {
      entry.state = 'unsent';
      return fail(
        'review-changed',
        `${changed} changed after this action was reviewed. Nothing was sent: review it again, so that what you confirm is what is signed and sent.`,
        { delivery: 'not-sent' },
      );
    }
    const refusal = this.deps.clients.guardFor(prepared.workspace.id).admit('interactive');
    if (refusal !== null)
      return fail('guard-refused', refusal.reason, {
        retryAt: String(refusal.retryAt),
        delivery: 'not-sent',
      });
    // Re-checked after the awaits above, with no await before the state changes: a concurrent
    // execute of the same id, or of the same action on the same object, may have won meanwhile.
    if (entry.state !== 'ready')
      return fail('prepared-used', 'This prepared action was already sent once. Nothing more was sent.');
    const raced = this.busy([entry.dedupKey], built.target);
    if (raced !== null) return raced;
    entry.state = 'sending';
    this.inFlight.add(entry.dedupKey);
    let result: ActionResult | null = null;
    try {
      result = await this.send(entry, resolved.value, phrase !== undefined);
      return ok(result);
    } finally {
      this.inFlight.delete(entry.dedupKey);
      // Refused before it left (the journal could not record "sent"): nothing was sent, so the id
      // says "review it again" rather than "already sent".
      entry.state = result?.error?.delivery === 'not-sent' ? 'unsent' : 'sent';
    }
  }

  private async send(
    entry: Entry,
    { client, signer }: WorkspaceClient,
    confirmed: boolean,
  ): Promise<ActionResult> {
    const { prepared, built } = entry;
    const keyId = entry.keyId;
    if (confirmed) await this.recorder.record(prepared, 'confirmed', { keyId, detail: { phrase: 'typed' } });
    const unrecorded = await this.recorder.record(prepared, 'sent', {
      keyId,
      detail: sentDetail(prepared, entry.target, entry.dedupKey, String(this.now())),
    });
    if (unrecorded !== null) {
      return classifyResult(
        prepared.id,
        prepared.kind,
        fail(
          'journal-unwritable',
          `The action could not be written to the journal (${unrecorded}), so it was not sent. Check the disk.`,
          { delivery: 'not-sent' },
        ),
      );
    }
    await this.deps.crashPoint?.('sent');
    // Signed with the key whose fingerprint was just compared with the review, not read again.
    const answer = await sendBuilt(client, built, prepared.kind, signer);
    await this.deps.crashPoint?.('answer-received');
    const result = classifyResult(prepared.id, prepared.kind, answer, entry.target);
    if (result.outcome === 'unknown') {
      result.check = checkPlan(entry.target);
      this.unsettledById.set(prepared.id, {
        prepared,
        result,
        since: String(this.now()),
        dedupKey: entry.dedupKey,
        target: entry.target,
      });
      this.deps.onUnsettledChange?.();
    }
    // These two must reach the disk: if one cannot, it is kept and retried, and the workspace
    // refuses new actions until it is written (journalBlocked).
    await this.recorder.recordOrKeep(prepared, 'answered', {
      keyId,
      detail: { status: result.status ?? null, answer: answer.ok ? answer.value : answer.error },
    });
    await this.deps.crashPoint?.('answered');
    await this.recorder.recordOrKeep(prepared, 'outcome', {
      keyId,
      outcome: result.outcome,
      detail: outcomeDetail(prepared, result, entry.target, entry.dedupKey),
    });
    return result;
  }

  /** Re-reads what an unsettled action touched and settles it when the answer is clear. */
  async check(id: string): Promise<Result<CheckResult>> {
    const u = this.unsettledById.get(id);
    if (u === undefined)
      return fail('prepared-used', 'This action is not awaiting a check (it is settled, or unknown).');
    const resolved = await this.deps.clients.forWorkspace(u.prepared.workspace.id);
    if (!resolved.ok) return resolved;
    const found = await checkNow(resolved.value.client, resolved.value.workspace.organizationId, u.target);
    if (!found.ok) return found;
    if (found.value.settled !== null)
      await this.settleWith(u, found.value.settled, found.value.found, 'check');
    return ok({ id, ...found.value });
  }

  /** The operator's own finding, where the platform offers no read. */
  async settle(id: string, settled: Settlement, note: string): Promise<Result<CheckResult>> {
    const u = this.unsettledById.get(id);
    if (u === undefined)
      return fail('prepared-used', 'This action is not awaiting a check (it is settled, or unknown).');
    await this.settleWith(u, settled, note, 'operator');
    return ok({ id, settled, found: note });
  }

  unsettled(workspaceId?: string): UnsettledAction[] {
    return [...this.unsettledById.values()]
      .filter((u) => workspaceId === undefined || u.prepared.workspace.id === workspaceId)
      .map(({ prepared, result, since }) => ({ prepared, result, since }));
  }

  /**
   * Unsettled actions recorded before a restart: the journal's last "outcome" entries that are
   * still unknown. They are listed and refuse a duplicate again until someone settles them. The
   * LTV estimate and dry run, journalled as actions before they became reads, changed nothing:
   * they are left out.
   */
  restore(entries: readonly { time: string; step?: string; detail?: unknown }[]): number {
    let restored = 0;
    for (const entry of entries) {
      const a = unsettledFromJournal(entry, checkPlan);
      if (a === null || this.unsettledById.has(a.action.prepared.id)) continue;
      if (RETIRED_READS.has(a.action.prepared.kind)) continue;
      this.unsettledById.set(a.action.prepared.id, { ...a.action, dedupKey: a.dedupKey, target: a.target });
      restored++;
    }
    if (restored) this.deps.onUnsettledChange?.();
    return restored;
  }

  private async settleWith(
    u: UnsettledAction & { dedupKey: string },
    settled: Settlement,
    found: string,
    by: 'check' | 'operator',
  ): Promise<void> {
    await this.recorder.record(u.prepared, 'settled', { outcome: settled, detail: { found, by } });
    this.unsettledById.delete(u.prepared.id);
    this.deps.onUnsettledChange?.();
  }

  /** A second identical action on the same object while one is in flight or unsettled is refused. */
  /**
   * `keys`: the action's canonical key, and at prepare also the key an older console journalled
   * (`<workspace>|<kind>|<object>`), so that an unsettled action restored from before the change
   * still blocks its duplicate.
   */
  private busy(keys: readonly string[], what: string): { ok: false; error: AppError } | null {
    const dedupKey = keys[0] as string;
    if (this.inFlight.has(dedupKey))
      return fail(
        'action-in-progress',
        `The same action on ${what} is being sent now; wait for its outcome.`,
      );
    for (const u of this.unsettledById.values()) {
      if (keys.includes(u.dedupKey))
        return fail(
          'action-in-progress',
          `The same action on ${what} has an unknown outcome (sent ${formatUtcTime(u.since)}). ` +
            'Check it, or settle it, before sending it again.',
        );
    }
    return null;
  }

  private expired(entry: Entry): { ok: false; error: AppError } {
    return fail(
      'prepared-expired',
      `This prepared action expired at ${formatUtcTime(entry.prepared.expiresAt)} ` +
        `(prepared requests last ${PREPARED_TTL_MS / 60_000} minutes). Nothing was sent: review it again.`,
    );
  }

  private nextNonce(workspaceId: string): number {
    const next = Math.max(this.now(), (this.nonces.get(workspaceId) ?? 0) + 1);
    this.nonces.set(workspaceId, next);
    return next;
  }

  private forgetOld(): void {
    const cutoff = this.now() - REMEMBER_MS;
    for (const [id, e] of this.entries) {
      if (Number(e.prepared.expiresAt) < cutoff || this.entries.size > MAX_REMEMBERED)
        this.entries.delete(id);
      else break; // insertion order is preparation order
    }
  }
}
