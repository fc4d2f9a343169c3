import { useState } from 'react';
import { applyStep, committedDraft, listTexts, type ListKeys, type ListTexts } from './draft-filters';

interface DraftFilterOptions<F, L extends ListKeys<F>> {
  applied: F;
  setApplied(next: NoInfer<F>): void;
  /** Loads the applied filters again (the same request). */
  reload(): void;
  /** Which request a set of filters asks for; equal keys mean the same request. */
  keyOf(filters: NoInfer<F>): string;
  /** What Clear resets the draft to. */
  defaults: NoInfer<F>;
  /** List fields edited as comma-separated text. */
  listFields?: readonly L[];
  /** Fields the form does not edit (the selected row): always those applied. */
  keep?: readonly (keyof F)[];
}

export interface DraftFilters<F, L extends PropertyKey> {
  draft: F;
  patch(patch: Partial<F>): void;
  text(field: L): string;
  setText(field: L, text: string): void;
  /** The draft asks for another request than the applied filters. */
  dirty: boolean;
  apply(): void;
  /** Back to the defaults (the draft only: applying it loads). */
  reset(): void;
}

/** A filter form edited as a draft and applied on submit; see `draft-filters.ts` for the rules. */
export function useDraftFilters<F, L extends ListKeys<F> = never>({
  applied,
  setApplied,
  reload,
  keyOf,
  defaults,
  listFields = [],
  keep = [],
}: DraftFilterOptions<F, L>): DraftFilters<F, L> {
  const [draft, setDraft] = useState<F>(applied);
  const [texts, setTexts] = useState<ListTexts<L>>(() => listTexts(applied, listFields));
  const committed = committedDraft(draft, texts, listFields, applied, keep);
  return {
    draft,
    patch: (patch) => setDraft({ ...draft, ...patch }),
    text: (field) => texts[field],
    setText: (field, text) => setTexts({ ...texts, [field]: text }),
    dirty: keyOf(committed) !== keyOf(applied),
    apply: () => {
      setDraft(committed);
      if (applyStep(committed, applied, keyOf) === 'reload') reload();
      else setApplied(committed);
    },
    reset: () => {
      setDraft(defaults);
      setTexts(listTexts(defaults, listFields));
    },
  };
}
