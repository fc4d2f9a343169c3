/**
 * One PlatformClient per workspace, made on first use and replaced when the workspace's base URL
 * changes. Resolving a workspace also resolves its key, so a locked vault or a missing key is
 * reported as such (`vault-locked`, `no-key`) before any request is signed.
 *
 * The lockout guards are per platform host and API key (guard/key-guards.ts), as the platform
 * counts: every workspace holding the key shares one, it is found per request from the key that
 * actually signs, and its counts survive a restart (`<dataDir>/guard-state.json`).
 */
import { createHash } from 'node:crypto';
import { fail, ok, type Result } from '../../shared/result';
import type { KeyService } from '../keychain/key-service';
import type { Signer } from '../keychain/key-store';
import type { WorkspaceStore, WorkspaceRecord } from '../workspaces/workspace-store';
import type { RequestHistory } from '../history/request-history';
import { PlatformClient, type Sleep } from './client';
import type { Logger } from '../log/logger';
import type { LockoutGuard, RequestClass, Refusal } from '../guard/lockout-guard';
import { KeyGuards, guardKeyOf } from '../guard/key-guards';
import { rememberPageSizes } from './page-size-negotiation';
import type { PageSizeMemory } from './page-size-store';
import { PLATFORM_LIMITS, type GuardStatus, type PlatformLimits } from '../../shared/platform/limits';

export interface WorkspaceClient {
  client: PlatformClient;
  workspace: WorkspaceRecord;
  /**
   * Which key signs, as a fingerprint: in the app an HMAC of the key id under the journal key
   * (`k1:…`, journal-keyring.ts). What the journal, the duplicate check and the guard record;
   * neither the key id nor the secret is written to a file.
   */
  keyId: string;
  /** The key that was read to make `keyId`: `execute` signs with exactly this one. */
  signer: Signer;
}

/**
 * The fallback where no fingerprint is injected (tests that build clients by hand): a plain
 * SHA-256 prefix, without any character of the id itself.
 */
export function keyFingerprint(apiKey: string): string {
  return `sha256:${createHash('sha256').update(apiKey).digest('hex').slice(0, 24)}`;
}

/** What `guardFor(workspaceId)` gives: the admission of the guard of the workspace's current key. */
export interface WorkspaceGuard {
  /** Null when a request may go now (or when the workspace's key is not known yet: the client asks again). */
  admit(cls: RequestClass): Refusal | null;
}

/** The platform host a guard counts for: scheme, host and port of the base URL. */
export function hostOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

export class PlatformClients {
  private readonly clients = new Map<string, { baseUrl: string; client: PlatformClient }>();
  /** Kept apart from the clients: a new base URL or client must not reset what the platform counts. */
  private readonly guards: KeyGuards;
  /** The guard id (host and key fingerprint) each workspace was last seen using. */
  private readonly guardOfWorkspace = new Map<string, string>();
  private readonly fingerprint: (apiKeyId: string) => string;

  constructor(
    private readonly deps: {
      workspaces: WorkspaceStore;
      keys: KeyService;
      history: RequestHistory;
      log: Logger;
      timeoutMs?: number;
      /** The platform's limits the guards count against; tests that flood a sandbox raise them. */
      limits?: PlatformLimits;
      /** Told when a workspace's guard counters change (the workspace bar's meter). */
      onGuardChange?: (workspaceId: string) => void;
      /** Where the guards' counts are kept across restarts; absent: in memory only. */
      dataDir?: string;
      /** How a key id is named in the guard state file (default `keyFingerprint`). */
      fingerprint?: (apiKeyId: string) => string;
      /** The guards' and the clients' clock (tests: a virtual one). */
      now?: () => number;
      /** How the clients wait for a backoff or the request budget (tests: advance a virtual clock). */
      sleep?: Sleep;
      /** The page sizes each workspace's walks learn and start from (page-size-negotiation.ts). */
      pageSizes?: PageSizeMemory;
    },
  ) {
    this.fingerprint = deps.fingerprint ?? keyFingerprint;
    this.guards = new KeyGuards({
      dataDir: deps.dataDir ?? null,
      ...(deps.limits ? { limits: deps.limits } : {}),
      ...(deps.now ? { now: deps.now } : {}),
      warn: (m) => deps.log.warn('guard', m),
      error: (m, e) => deps.log.error('guard', m, e),
    });
    this.guards.onChange((guardKey) => {
      for (const [workspaceId, key] of this.guardOfWorkspace)
        if (key === guardKey) this.deps.onGuardChange?.(workspaceId);
    });
  }

  async forWorkspace(workspaceId: string): Promise<Result<WorkspaceClient>> {
    const workspace = this.deps.workspaces.get(workspaceId);
    if (!workspace.ok) return workspace;
    const signer = await this.deps.keys.signerFor(workspaceId);
    if (!signer.ok) return signer;
    if (signer.value === null) {
      return fail(
        'no-key',
        `The workspace "${workspace.value.name}" has no API key. Add one in the workspace settings.`,
      );
    }
    const cached = this.clients.get(workspaceId);
    const keyId = this.fingerprint(signer.value.apiKey);
    this.guardForKey(workspaceId, workspace.value.baseUrl, signer.value.apiKey);
    if (cached && cached.baseUrl === workspace.value.baseUrl)
      return ok({ client: cached.client, workspace: workspace.value, keyId, signer: signer.value });
    const client = new PlatformClient({
      workspaceId,
      baseUrl: workspace.value.baseUrl,
      history: this.deps.history,
      timeoutMs: this.deps.timeoutMs,
      ...(this.deps.now ? { now: this.deps.now } : {}),
      ...(this.deps.sleep ? { sleep: this.deps.sleep } : {}),
      guardFor: this.keyGuardLookup(workspaceId, workspace.value.baseUrl),
      // Read afresh for every request (the key may be replaced or the vault locked meanwhile);
      // a key-store failure is thrown with its code so the client answers `vault-locked` or
      // `keychain-unavailable` rather than "no key".
      signer: async () => {
        const current = await this.deps.keys.signerFor(workspaceId);
        if (!current.ok) throw Object.assign(new Error(current.error.message), { code: current.error.code });
        return current.value;
      },
      onClockSkew: (skewMs) =>
        this.deps.log.warn(
          'platform',
          `clock of workspace ${workspaceId} differs from the server by ${Math.round(skewMs / 1000)} s`,
        ),
    });
    if (this.deps.pageSizes) rememberPageSizes(client, this.deps.pageSizes);
    this.clients.set(workspaceId, { baseUrl: workspace.value.baseUrl, client });
    return ok({ client, workspace: workspace.value, keyId, signer: signer.value });
  }

  /**
   * The admission of the guard of the key the workspace was last resolved with (`forWorkspace`,
   * or its last request): what ActionService asks right after `forWorkspace`. The client asks the
   * guard of the key that signs again before sending, so a key not known yet admits here.
   */
  guardFor(workspaceId: string): WorkspaceGuard {
    return {
      admit: (cls) => {
        const key = this.guardOfWorkspace.get(workspaceId);
        const guard = key === undefined ? undefined : this.guards.existing(key);
        return guard === undefined ? null : guard.admit(cls);
      },
    };
  }

  /**
   * The counters of the key the workspace uses now, as its meter shows them; empty counts when its
   * key cannot be read (vault locked, no key) or its base URL is not one.
   */
  async guardStatus(workspaceId: string): Promise<GuardStatus> {
    const workspace = this.deps.workspaces.get(workspaceId);
    const signer = workspace.ok ? await this.deps.keys.signerFor(workspaceId) : null;
    if (!workspace.ok || signer === null || !signer.ok || signer.value === null)
      return emptyStatus(workspaceId, this.deps.limits ?? PLATFORM_LIMITS);
    let guard: LockoutGuard;
    try {
      guard = this.guardForKey(workspaceId, workspace.value.baseUrl, signer.value.apiKey);
    } catch {
      return emptyStatus(workspaceId, this.deps.limits ?? PLATFORM_LIMITS);
    }
    return guard.status(workspaceId);
  }

  forget(workspaceId: string): void {
    this.clients.delete(workspaceId);
    this.guardOfWorkspace.delete(workspaceId);
  }

  /** Writes the guards' counts once more, with no allowance for requests in flight: a clean stop. */
  close(): Promise<void> {
    return this.guards.close();
  }

  /** The guard of this key on the workspace's platform host; notes that the workspace uses it. */
  private guardForKey(workspaceId: string, baseUrl: string, apiKey: string): LockoutGuard {
    const host = hostOf(baseUrl);
    const fingerprint = this.fingerprint(apiKey);
    const key = guardKeyOf(host, fingerprint);
    if (this.guardOfWorkspace.get(workspaceId) !== key) this.guardOfWorkspace.set(workspaceId, key);
    return this.guards.guardFor(host, fingerprint);
  }

  /**
   * The client's per-request lookup: the guard of the key that signs. The last key and its guard
   * are remembered, so a request costs a string comparison unless the key was replaced.
   */
  private keyGuardLookup(workspaceId: string, baseUrl: string): (apiKey: string) => LockoutGuard {
    let last: { apiKey: string; guard: LockoutGuard } | null = null;
    return (apiKey) => {
      if (last === null || last.apiKey !== apiKey) {
        last = { apiKey, guard: this.guardForKey(workspaceId, baseUrl, apiKey) };
      } else if (this.guardOfWorkspace.get(workspaceId) !== last.guard.id) {
        // Another key was seen for the workspace meanwhile (forWorkspace, guard.status): this one signs.
        this.guardOfWorkspace.set(workspaceId, last.guard.id);
      }
      return last.guard;
    };
  }
}

function emptyStatus(workspaceId: string, limits: PlatformLimits): GuardStatus {
  const counter = (w: { limit: number; windowMs: number }) => ({
    count: 0,
    limit: w.limit,
    windowMs: w.windowMs,
  });
  return {
    workspaceId,
    authFailures: counter(limits.authFailures),
    businessFailures: counter(limits.businessFailures),
    requests: counter(limits.requests),
    pausedUntil: null,
    refusing: null,
  };
}
