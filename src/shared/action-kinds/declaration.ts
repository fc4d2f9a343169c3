/**
 * What a kind of action is, declared once where both sides read it (issue 27, "one home per action
 * kind"): its input schema (the renderer's forms parse with it for early feedback, the main side
 * for the decision), its title, the rule for offering it, the operation whose media type selects
 * it, and, for a kind acting on one of a loan's allocations, what Check now takes as evidence and
 * what the confirmation shows. The registry (./index.ts) holds one declaration per kind; the main
 * side builds, sends, de-duplicates and judges each kind from its declaration
 * (src/main/actions/kinds/), with a file of its own only where a kind does more than its family.
 */
import type { z } from 'zod';
import type { LoanActionRule } from '../loan-actions';
import type { LoanOperationName } from '../platform/media-types';

/** The moves a loan allocation keeps a record of (platform-api.md: its `extra` names `<move>At` and `<move>By`). */
export type AllocationMove = 'accepted' | 'cancelled' | 'confirmed';

/** A loan operation that changes state (the LTV estimate is a read: src/shared/ltv-reads.ts). */
export type LoanOperation = Exclude<LoanOperationName, 'estimateLtv'>;

/** A kind's input schema: a strict object whose `kind` is the kind's own literal. */
export type KindSchema<K extends string> = z.ZodObject<{ kind: z.ZodLiteral<K> } & z.core.$ZodLooseShape>;

/** What every kind declares. */
interface Declared<K extends string, S extends KindSchema<K>> {
  kind: K;
  schema: S;
  /** "Approve loan": the confirmation's title and the action bar's button. */
  title: string;
  /** An input of this kind: the registry test builds it and checks it against the operation. */
  example: z.infer<S>;
}

/**
 * A kind acting on one loan through a loan operation, whose main side is written in a file of its
 * own (src/main/actions/kinds/<kind>.ts): approve, accept a repayment.
 */
export interface LoanKindDeclaration<K extends `loans.${string}`, S extends KindSchema<K>>
  extends Declared<K, S>, LoanActionRule {
  family: 'loan';
  /** The loan operation it sends (its media type: src/shared/platform/media-types.ts). */
  operation: LoanOperation;
}

/** The input fields an allocation kind may send besides the allocation it names. */
type BodyField<S extends z.ZodObject> = Exclude<keyof z.infer<S>, 'kind' | 'loanId' | 'loanAllocationId'>;

/**
 * A kind whose body names the allocation the operator picked among the loan's. Its main side is the
 * family's (`allocationKind` in src/main/actions/kinds/loan-kind.ts): it needs no file there.
 */
export interface AllocationKindDeclaration<K extends `loans.${string}`, S extends KindSchema<K>> extends Omit<
  LoanKindDeclaration<K, S>,
  'family'
> {
  family: 'allocation';
  /**
   * What Check now reads on the allocation: the action in words ("the cancel"), the move it makes,
   * the status it acts on, and the move that is the other way out of that status.
   */
  evidence: { action: string; done: AllocationMove; waiting: string; instead: AllocationMove };
  /** The confirmation's label for the allocation's amount. */
  amountLabel: string;
  /**
   * Every field of the body besides `loanAllocationId`, in the order sent: an input field not listed
   * here is never sent. One the input leaves out is not sent either; the schema says which the
   * input must have.
   */
  bodyFields: readonly BodyField<S>[];
}

/** A kind with a main side of its own that no family gives (the exchange). */
export interface OwnKindDeclaration<K extends string, S extends KindSchema<K>> extends Declared<K, S> {
  family: 'own';
}

/** A loan kind's declaration, checked: its example is an input of its schema. */
export const loanKind = <const K extends `loans.${string}`, S extends KindSchema<K>>(
  d: LoanKindDeclaration<K, S>,
) => d;

/** An allocation kind's declaration, checked: its example parses, its body fields are inputs. */
export const allocationKind = <const K extends `loans.${string}`, S extends KindSchema<K>>(
  d: AllocationKindDeclaration<K, S>,
) => d;

/** A kind of its own family's declaration. */
export const ownKind = <const K extends string, S extends KindSchema<K>>(d: OwnKindDeclaration<K, S>) => d;
