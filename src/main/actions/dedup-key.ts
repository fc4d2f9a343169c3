/**
 * What makes two actions "the same action" for duplicate suppression (architecture.md, "Actions
 * that move money": de-duplication compares the canonical action per key, not the literal input
 * per workspace). While one action is in flight or has an unknown outcome, a second one with the
 * same key is refused.
 *
 * Scope. The key holds the organization and the fingerprint of the API key that signs, never the
 * workspace id: two workspaces holding the same key act as the same caller on the platform, so an
 * order sent from one must block the same order from the other.
 *
 * What is compared, per kind of action (each kind's `dedup.object`, src/main/actions/kinds/):
 *
 * - Loan actions (approve, cancel interest payment, accept repayment, confirm external
 *   disbursement): the kind and the loan, nothing else. This is deliberately
 *   conservative: an unknown accept-repayment on loan L blocks another accept-repayment on L
 *   whatever its amount, portfolio or date, and an unknown confirm-external-disbursement on L blocks
 *   another whatever allocation it names. A loan has at most one allocation awaiting each of these
 *   actions (src/shared/loan-actions.ts), so a second one of the same kind while the first is
 *   unknown is either a repeat (a different amount typed while unsure does not make it a different
 *   repayment) or acts on a state the first may already have changed; either way the operator must
 *   settle the first. The allocation and the body are therefore left out of the key (adding them
 *   could only let more through); `objectTextOf` still names the allocation.
 * - `exchange.submit`: the canonical action JSON and the vault address. Many distinct orders are
 *   normal, so the whole action is compared, but by meaning: "100.0" and "100" are the same price.
 *   The nonce is not part of the input (the builder adds it), so it never makes two actions differ.
 *
 * Canonical form (a JSON array: version tag, organization, key fingerprint, kind, object; readable
 * in the journal, where the action service records each unsettled action's key):
 * - object keys sorted recursively (by UTF-16 code units, like Array.prototype.sort); fields whose
 *   value is undefined are dropped, as JSON.stringify drops them;
 * - arrays kept in order: the order of orders in a batch is part of what is sent;
 * - a string that is a plain decimal (digits, optionally a point and digits) is normalised exactly:
 *   leading zeros of the integer part and trailing zeros of the fraction are stripped, so "100",
 *   "100.0", "100.00" and "0100" are all "100", and "0.50" is "0.5". Anything else ("1e2", "1.",
 *   ".5", "-1", " 1") is kept verbatim: the schemas refuse those forms, and guessing what an exotic
 *   form means is exactly what the console must not do;
 * - a string that is entirely `0x` and hex digits (vault and builder addresses, cloids) is
 *   lower-cased: hex compares equal case-insensitively;
 * - numbers as JSON writes them (the schemas allow only safe integers where the action has numbers).
 *
 * Every rule only ever merges keys that differ in spelling, never splits keys that were equal: a
 * normalisation error could only refuse more, never let a duplicate through.
 *
 * Defaults. Optional fields are filled with their default only where the platform states one, so
 * that "absent" and "the default written out" compare equal. The specification states none for any
 * optional field of an action input, so nothing is filled and an absent field stays absent:
 * - exchange (platform-facts: `{ action, nonce, vaultAddress? }`, Hyperliquid's fields not shown):
 *   `vaultAddress` absent means the signer's own account, which has no address to write instead;
 *   an order's `c` (cloid) and `builder` absent mean none; `usdClassTransfer.nonce` states no
 *   default; `scheduleCancel.time` absent clears the schedule, a different action, not a default.
 * - loans: the optional fields (`effectiveDate`, `portfolioId`, `collateralPortfolioId`,
 *   accept-repayment's `amount`, whose absence the builder turns into the requested amount after a
 *   read) state none. None of them is in a loan action's key anyway (see above).
 *
 * Decimals are normalised by string manipulation of a validated plain decimal rather than through
 * decimal.js: it is exact for any number of digits by construction (a 78-digit amount keeps all 78),
 * needs no precision setting, and cannot turn into exponent notation the way Decimal#toString does
 * for small or large values ("1e-7"). The unit tests check it against decimal.js for equality.
 * The canonical form itself is in canonical.ts.
 */
import type { ActionInput } from '../../shared/actions';
import { kindOf } from './kinds';

/** Who acts on the platform: the organization and the fingerprint of the key that signs. */
export interface DedupScope {
  organizationId: string;
  /** The signing key's fingerprint (platform-clients.ts `keyId`), never the key or its secret. */
  keyFingerprint: string;
}

/** Bump when the canonical form changes: keys of different versions never compare equal. */
const VERSION = 'dedup/v1';

/**
 * The de-duplication key of an action: equal for two actions that mean the same thing for the same
 * organization and signing key, whatever workspace, spelling of decimals, case of hex or order of
 * fields they were written with. A JSON array, so no id can be mistaken for a separator.
 */
export function dedupKeyOf(scope: DedupScope, input: ActionInput): string {
  return JSON.stringify([
    VERSION,
    scope.organizationId,
    scope.keyFingerprint,
    input.kind,
    kindOf(input).dedup.object(input),
  ]);
}

/**
 * What the action acts on, in a few words for messages ("The same action on loan L1 is being sent
 * now"): never used for comparing.
 */
export function objectTextOf(input: ActionInput): string {
  return kindOf(input).dedup.text(input);
}
