/**
 * One PlatformClient per workspace, made on first use and replaced when the workspace's base URL
 * changes. Resolving a workspace also resolves its key, so a locked vault or a missing key is
 * reported as such (`vault-locked`, `no-key`) before any request is signed.
 */
import { createHash } from 'node:crypto';
import { fail, ok, type Result } from '../../shared/result';
import type { KeyService } from '../keychain/key-service';
import type { WorkspaceStore, WorkspaceRecord } from '../workspaces/workspace-store';
import type { RequestHistory } from '../history/request-history';
import { PlatformClient } from '../platform/client';
import type { Logger } from '../log/logger';
import { LockoutGuard } from '../guard/lockout-guard';
import type { PlatformLimits } from '../../shared/platform/limits';

export interface WorkspaceClient {
  client: PlatformClient;
  workspace: WorkspaceRecord;
  /**
   * Which key signs, as a fingerprint (SHA-256 prefix and the key id's last 4 characters): what the
   * journal records. Neither the key id nor the secret is written to a file.
   */
  keyId: string;
}

export function keyFingerprint(apiKey: string): string {
  const digest = createHash('sha256').update(apiKey).digest('hex').slice(0, 12);
  return `sha256:${digest}…${apiKey.slice(-4)}`;
}

export class PlatformClients {
  private readonly clients = new Map<string, { baseUrl: string; client: PlatformClient }>();
  /** Kept apart from the clients: a new base URL must not reset what the platform counts. */
  private readonly guards = new Map<string, LockoutGuard>();

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
    },
  ) {}

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
    const keyId = keyFingerprint(signer.value.apiKey);
    if (cached && cached.baseUrl === workspace.value.baseUrl)
      return ok({ client: cached.client, workspace: workspace.value, keyId });
    const client = new PlatformClient({
      workspaceId,
      baseUrl: workspace.value.baseUrl,
      history: this.deps.history,
      timeoutMs: this.deps.timeoutMs,
      guard: this.guardFor(workspaceId),
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
    this.clients.set(workspaceId, { baseUrl: workspace.value.baseUrl, client });
    return ok({ client, workspace: workspace.value, keyId });
  }

  /** The workspace's lockout guard (made on first use; it outlives clients). */
  guardFor(workspaceId: string): LockoutGuard {
    let guard = this.guards.get(workspaceId);
    if (guard === undefined) {
      guard = new LockoutGuard(workspaceId, this.deps.limits ? { limits: this.deps.limits } : {});
      guard.onChange(() => this.deps.onGuardChange?.(workspaceId));
      this.guards.set(workspaceId, guard);
    }
    return guard;
  }

  forget(workspaceId: string): void {
    this.clients.delete(workspaceId);
  }
}
