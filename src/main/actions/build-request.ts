/**
 * Builds the exact request of an action, through its kind's builder (src/main/actions/kinds/): each
 * checks the shared rules (src/shared/loan-actions.ts), refusing only on what the specification
 * states or a field the request cannot be built without, and turns what the console only expects
 * into a warning in the confirmation. What is built here is what the confirmation shows and what
 * `execute` signs and sends, byte for byte (`sendBuilt`).
 */
import type { ActionInput } from '../../shared/actions';
import type { Result } from '../../shared/result';
import type { Signer } from '../keychain/key-store';
import type { PlatformClient } from '../platform/client';
import { kindOf } from './kinds';
import type { BuildContext, BuiltRequest } from './kinds/kind-spec';

export type { BuildContext, BuiltRequest } from './kinds/kind-spec';

/** Checks and builds one action's request. Loan kinds read the loan first (one GET). */
export function buildRequest(ctx: BuildContext, input: ActionInput): Promise<Result<BuiltRequest>> {
  return kindOf(input).build(ctx, input);
}

/**
 * The key an older console (before `dedup/v1`) journalled for an unsettled action, so that one
 * restored from then still blocks its duplicate; null for kinds added since.
 */
export function legacyKeyOf(workspaceId: string, input: ActionInput): string | null {
  const legacy = kindOf(input).dedup.legacy;
  return legacy === undefined ? null : `${workspaceId}|${input.kind}|${legacy(input)}`;
}

/** Signs and sends a built request once: the only place an action's bytes leave for the platform. */
export function sendBuilt(
  client: PlatformClient,
  built: BuiltRequest,
  operation: string,
  signer?: Signer,
): Promise<Result<unknown>> {
  return client.request<unknown>({
    method: built.method,
    path: built.path,
    contentType: built.contentType,
    ...(built.body !== null ? { body: built.body } : {}),
    expect: built.expect,
    operation,
    ...(signer ? { signer } : {}),
  });
}
