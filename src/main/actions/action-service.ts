/**
 * Prepared, one-shot actions: the main side's authority over everything that sends a POST or
 * PATCH to the platform.
 *
 *   prepare(workspaceId, input) → validates (the router already parsed the shared schema), checks the
 *       rules with a fresh read where they need one, builds the exact request, keeps it under a
 *       random one-shot id for PREPARED_TTL_MS and returns it for the confirmation to show.
 *   execute(id, phrase)         → refuses an unknown, used or expired id, a production action without
 *       the typed phrase, a second identical action on the same object while one is in flight or
 *       unsettled, and a request the lockout guard holds back; then journals "sent" (fsync'd),
 *       signs and sends the stored bytes once, and classifies the answer: done / refused / unknown.
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
  PRODUCTION_PHRASE,
  type ActionInput,
  type ActionResult,
  type CheckResult,
  type PreparedAction,
  type Settlement,
  type UnsettledAction,
} from '../../shared/actions';
import { fail, ok, type AppError, type Result } from '../../shared/result';
import type { PlatformClients, WorkspaceClient } from '../app/platform-clients';
import { buildRequest, changesState, objectKeyOf, sendBuilt, type BuiltRequest } from './build-request';
import { checkNow, checkPlan, type CheckTarget } from './check-now';
import { classifyResult } from './outcome';
import type { ActionJournal } from './journal-sink';
import { journalRecord, outcomeDetail, unsettledFromJournal } from './journal-sink';

type State = 'ready' | 'sending' | 'sent' | 'expired';
interface Entry {
  prepared: PreparedAction;
  built: BuiltRequest;
  state: State;
  dedupKey: string;
  target: CheckTarget;
  /** The fingerprint of the key that will sign (journalled; never the key id or the secret). */
  keyId: string;
}

/** Used and expired ids are remembered this long, to say "already sent" rather than "unknown id". */
const REMEMBER_MS = 30 * 60_000;
const MAX_REMEMBERED = 2_000;

export interface ActionServiceDeps {
  clients: PlatformClients;
  journal?: ActionJournal;
  now?: () => number;
  /** Told whenever the unsettled list changes (the renderer's notice listens through an event). */
  onUnsettledChange?: () => void;
}

export class ActionService {
  private readonly entries = new Map<string, Entry>();
  private readonly unsettledById = new Map<
    string,
    UnsettledAction & { dedupKey: string; target: CheckTarget }
  >();
  private readonly inFlight = new Set<string>();
  private readonly nonces = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly deps: ActionServiceDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  async prepare(workspaceId: string, input: ActionInput): Promise<Result<PreparedAction>> {
    this.forgetOld();
    const resolved = await this.deps.clients.forWorkspace(workspaceId);
    if (!resolved.ok) return resolved;
    const { client, workspace, keyId } = resolved.value;
    // Refused before anything is read: the operator must settle the first one before a second.
    const dedupKey = `${workspaceId}|${input.kind}|${objectKeyOf(input)}`;
    const early = this.busy(dedupKey, changesState(input.kind), objectKeyOf(input));
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
      changesState: built.value.changesState,
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
      preparedAt: String(now),
      expiresAt: String(now + PREPARED_TTL_MS),
      phraseRequired:
        workspace.environment === 'production' && built.value.changesState ? PRODUCTION_PHRASE : null,
    };
    const nonce = built.value.fields.find((f) => f.name === 'nonce')?.value;
    const target: CheckTarget = { kind: input.kind, ...built.value.check, ...(nonce ? { nonce } : {}) };
    this.entries.set(id, { prepared, built: built.value, state: 'ready', dedupKey, target, keyId });
    await this.journal(prepared, 'prepared', {
      keyId,
      detail: { request: prepared.request, fields: prepared.fields },
    });
    return ok(prepared);
  }

  async execute(id: string, phrase: string | undefined): Promise<Result<ActionResult>> {
    const entry = this.entries.get(id);
    if (entry === undefined)
      return fail(
        'prepared-used',
        'This prepared action is not known (the console may have restarted). Nothing was sent: review it again.',
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
        `This changes production: type “${prepared.phraseRequired}” to confirm. Nothing was sent.`,
        { field: 'phrase' },
      );
    const busy = this.busy(entry.dedupKey, built.changesState, built.target);
    if (busy !== null) return busy;
    const resolved = await this.deps.clients.forWorkspace(prepared.workspace.id);
    if (!resolved.ok) return resolved;
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
    const raced = this.busy(entry.dedupKey, built.changesState, built.target);
    if (raced !== null) return raced;
    entry.state = 'sending';
    if (built.changesState) this.inFlight.add(entry.dedupKey);
    try {
      return ok(await this.send(entry, resolved.value, phrase !== undefined));
    } finally {
      this.inFlight.delete(entry.dedupKey);
      entry.state = 'sent';
    }
  }

  private async send(entry: Entry, { client }: WorkspaceClient, confirmed: boolean): Promise<ActionResult> {
    const { prepared, built } = entry;
    const keyId = entry.keyId;
    if (confirmed) await this.journal(prepared, 'confirmed', { keyId, detail: { phrase: 'typed' } });
    const recorded = await this.journal(prepared, 'sent', { keyId, detail: { at: String(this.now()) } });
    if (!recorded) {
      return classifyResult(
        prepared.id,
        prepared.kind,
        fail('io', 'The action could not be written to the journal, so it was not sent. Check the disk.', {
          delivery: 'not-sent',
        }),
      );
    }
    const answer = await sendBuilt(client, built, prepared.kind);
    const result = classifyResult(prepared.id, prepared.kind, answer);
    if (result.outcome === 'unknown') {
      result.check = checkPlan(entry.target);
      if (built.changesState) {
        this.unsettledById.set(prepared.id, {
          prepared,
          result,
          since: String(this.now()),
          dedupKey: entry.dedupKey,
          target: entry.target,
        });
        this.deps.onUnsettledChange?.();
      }
    }
    await this.journal(prepared, 'answered', {
      keyId,
      detail: { status: result.status ?? null, answer: answer.ok ? answer.value : answer.error },
    });
    await this.journal(prepared, 'outcome', {
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
   * still unknown. They are listed and refuse a duplicate again until someone settles them.
   */
  restore(entries: readonly { time: string; detail?: unknown }[]): number {
    let restored = 0;
    for (const entry of entries) {
      const a = unsettledFromJournal(entry);
      if (a === null || this.unsettledById.has(a.action.prepared.id)) continue;
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
    await this.journal(u.prepared, 'settled', { outcome: settled, detail: { found, by } });
    this.unsettledById.delete(u.prepared.id);
    this.deps.onUnsettledChange?.();
  }

  /** A second identical action on the same object while one is in flight or unsettled is refused. */
  private busy(dedupKey: string, changes: boolean, what: string): { ok: false; error: AppError } | null {
    if (!changes) return null;
    if (this.inFlight.has(dedupKey))
      return fail(
        'action-in-progress',
        `The same action on ${what} is being sent now; wait for its outcome.`,
      );
    for (const u of this.unsettledById.values()) {
      if (u.dedupKey === dedupKey)
        return fail(
          'action-in-progress',
          `The same action on ${what} has an unknown outcome (sent ${new Date(Number(u.since)).toISOString()}). ` +
            'Check it, or settle it, before sending it again.',
        );
    }
    return null;
  }

  private expired(entry: Entry): { ok: false; error: AppError } {
    return fail(
      'prepared-expired',
      `This prepared action expired at ${new Date(Number(entry.prepared.expiresAt)).toISOString()} ` +
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

  /** Writes one journal entry; false when the journal could not take it. */
  private async journal(
    prepared: PreparedAction,
    step: Parameters<typeof journalRecord>[1],
    extra: Parameters<typeof journalRecord>[2],
  ): Promise<boolean> {
    if (this.deps.journal === undefined) return true;
    try {
      await this.deps.journal.append(journalRecord(prepared, step, extra));
      return true;
    } catch {
      return false;
    }
  }
}
