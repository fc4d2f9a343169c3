/**
 * What the main side does with one kind of action (issue 27): the spec the registry (./index.ts)
 * holds one of per `ActionKind`, made from the kind's declaration (src/shared/action-kinds/) by its
 * family (./loan-kind.ts) or by a file of this folder. The action service, Check now, the outcome
 * and the de-duplication key read a kind's parts from the registry and nowhere else;
 * docs/actions.md lists the kinds, and test/unit/actions/kinds/index.test.ts walks them.
 */
import type { z } from 'zod';
import type { ActionKind, ActionResult, InputOf, PreparedAction, Settlement } from '../../../shared/actions';
import type { LoanActionRule } from '../../../shared/loan-actions';
import type { Loan } from '../../../shared/platform/resources';
import type { Result } from '../../../shared/result';
import type { PlatformClient } from '../../platform/client';
import type { Expect } from '../../platform/shape';

/** What a kind's request builder needs: the workspace's client, its organization, a nonce. */
export interface BuildContext {
  client: PlatformClient;
  organizationId: string;
  /** The next exchange nonce for this workspace (strictly increasing milliseconds). */
  nextNonce(): number;
}

/**
 * What the confirmation shows (the fields of `PreparedAction`) and what `execute` signs and sends:
 * the request with its path, which the confirmation shows as a full URL.
 */
export type BuiltRequest = Pick<PreparedAction, 'title' | 'target' | 'fields' | 'context'> &
  Omit<PreparedAction['request'], 'url'> & {
    /** What the console expected and did not see; the confirmation shows them (absent: none). */
    warnings?: string[];
    path: string;
    expect: Expect;
    /** What "Check now" needs later: the loan and allocation acted on, the exchange entries sent. */
    check: { loanId?: string; loanAllocationId?: string; entries?: number };
  };

/** What Check now re-reads, and what a 2xx answer is checked against; journalled with the action. */
export interface CheckTarget {
  kind: ActionKind;
  loanId?: string;
  loanAllocationId?: string;
  /** The exchange body's nonce, to name in the manual check. */
  nonce?: string;
  /** Exchange: the entries sent that the answer must report one status each for (expectedStatuses). */
  entries?: number;
}

/** Whether Check now can read the object, and what it reads or what to look at instead. */
export interface CheckPlan {
  available: boolean;
  what: string;
}

/** What a re-read says: settled done / not done, or null when it cannot tell. */
export interface Judgement {
  settled: Settlement | null;
  found: string;
}

/** A 2xx answer as the operator sees it: the outcome (done, or unknown when it does not show it). */
export type Answered = Omit<ActionResult, 'id' | 'kind'>;

/**
 * One kind of action. Methods (not function-valued fields) so that the registry's specs, each
 * typed for its own kind, are assignable to the spec of any kind for dispatch.
 */
export interface ActionKindSpec<K extends ActionKind = ActionKind> {
  kind: K;
  /** Its member of `actionInput` (its declaration's schema): the schema the router parsed it with. */
  schema: z.ZodType<InputOf<K>>;
  /** The specification's operation: its method and path (with `{placeholders}`). */
  operation: { method: 'POST' | 'PATCH'; path: string };
  /** The `Content-Type` that selects the operation (src/shared/platform/media-types.ts). */
  mediaType: string;
  /** "Approve loan": the confirmation's title (a builder may add what it acts on). */
  title: string;
  /**
   * The rule for offering it, where the kind has one: its declaration's, shared with the
   * renderer's action bar, and applied again by the builder.
   */
  availability?: LoanActionRule['availability'];
  /** An input of this kind, for the registry test to build and check against `operation`. */
  example: InputOf<K>;
  /** Checks the rules (reading what they need) and builds the exact request. */
  build(ctx: BuildContext, input: InputOf<K>): Promise<Result<BuiltRequest>>;
  dedup: {
    /**
     * What it acts on, for refusing a second identical action while one is unsettled: compared
     * by meaning (dedup-key.ts builds the key around it). Ids verbatim; content canonical.
     */
    object(input: InputOf<K>): unknown;
    /** The same in a few words for messages ("loan L1"); never compared. */
    text(input: InputOf<K>): string;
    /** The object part of the key consoles before `dedup/v1` journalled; absent for kinds added since. */
    legacy?(input: InputOf<K>): string;
  };
  check: {
    /** What Check now reads after an unknown outcome, or what the operator looks at instead. */
    plan(t: CheckTarget): CheckPlan;
    /** Judges the loan Check now re-read (absent: the platform offers no read, `plan` says so). */
    judgeLoan?(t: CheckTarget, loan: Loan): Judgement;
  };
  /** A 2xx answer: checked against what was asked, with the headline the operator reads. */
  answered(answer: unknown, asked: CheckTarget | undefined): Answered;
}

/** Every kind, each spec typed for its own kind: what the registry satisfies. */
export type ActionKindRegistry = { readonly [K in ActionKind]: ActionKindSpec<K> };

/** Said with every answer that leaves the outcome unknown. */
export const DO_NOT_RESEND = 'Do not send it again: check what the platform did first.';
