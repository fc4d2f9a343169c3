/**
 * The operator name recorded in every journal entry ("who acted"): the rule is shared by the main
 * side (the authority: the preferences store refuses) and the settings field (which shows the same
 * message as the operator types).
 *
 * The name is read back from an audit trail, so it must not be able to look like another one:
 * no control characters (newlines, tabs), no format characters (the bidi marks, embeddings,
 * overrides and isolates, the zero-width characters, the BOM), no line or paragraph separators.
 */
import { z } from 'zod';

export const MAX_OPERATOR_NAME_LENGTH = 100;

/** Cc controls, Cf format characters (bidi, zero-width), Cs lone surrogates, Co private use, Zl, Zp. */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;

/** Why `name` cannot be the operator name, or null; `name` is taken as typed (trimmed here). */
export function operatorNameProblem(name: string): string | null {
  const bad = FORBIDDEN.exec(name);
  if (bad) {
    const code = bad[0].codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0') ?? '?';
    return `The operator name contains an invisible or control character (U+${code}); type it again without it.`;
  }
  const length = [...name.trim()].length;
  if (length === 0) return 'The operator name must not be empty.';
  if (length > MAX_OPERATOR_NAME_LENGTH)
    return `The operator name must be at most ${MAX_OPERATOR_NAME_LENGTH} characters.`;
  return null;
}

/** The contract's and the store's schema: checked as typed (a newline is refused, not trimmed away), then trimmed. */
export const operatorNameSchema = z
  .string()
  .max(MAX_OPERATOR_NAME_LENGTH * 4)
  .superRefine((name, ctx) => {
    const problem = operatorNameProblem(name);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((name) => name.trim());

/** What the settings field shows: the name set (null: none), the default, and the one recorded. */
export interface OperatorNameView {
  /** The name set in preferences, or null when the default applies. */
  name: string | null;
  /** The default: this machine's OS account name. */
  accountName: string;
  /** What the journal records: `name`, else `accountName`. */
  effective: string;
}
