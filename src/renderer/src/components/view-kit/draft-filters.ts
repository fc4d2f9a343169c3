/**
 * The logic of a filter form that is edited as a draft and applied with a button (the fetch-all
 * tabs, where every change would walk every page). Pure functions, so the hook stays thin and the
 * rules can be tested without a DOM.
 */
import { parseList } from '../../lib/list-text';

/** The keys of F whose values are lists of strings: edited as comma-separated text. */
export type ListKeys<F> = { [K in keyof F]-?: F[K] extends string[] ? K : never }[keyof F];

export type ListTexts<L extends PropertyKey> = Record<L, string>;

/** The text each list field shows for the given filters. */
export function listTexts<F, L extends ListKeys<F>>(filters: F, listFields: readonly L[]): ListTexts<L> {
  return Object.fromEntries(listFields.map((k) => [k, (filters[k] as string[]).join(', ')])) as ListTexts<L>;
}

/**
 * The filters the draft stands for: its list texts parsed, and the `keep` fields (state that the
 * form does not edit, such as the selected row) taken from what is applied.
 */
export function committedDraft<F, L extends ListKeys<F>>(
  draft: F,
  texts: ListTexts<L>,
  listFields: readonly L[],
  applied: F,
  keep: readonly (keyof F)[] = [],
): F {
  const next = { ...draft };
  for (const k of listFields) next[k] = parseList(texts[k]) as F[L];
  for (const k of keep) next[k] = applied[k];
  return next;
}

export type ApplyStep = 'reload' | 'apply';

/**
 * Applying a draft that asks for the same request as the applied filters means "load again";
 * anything else becomes the applied filters (whose change loads through the query's key).
 */
export function applyStep<F>(next: F, applied: F, keyOf: (f: F) => string): ApplyStep {
  return keyOf(next) === keyOf(applied) ? 'reload' : 'apply';
}
