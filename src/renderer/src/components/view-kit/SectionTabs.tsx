/** A tab's sections as one segmented row of ARIA tabs (agent wallets, webhooks). */
export interface SectionTab<Id extends string> {
  id: Id;
  label: string;
  disabled?: boolean;
  /** The tooltip (why a section is disabled). */
  title?: string;
}

interface SectionTabsProps<Id extends string> {
  /** The tab list's accessible name ("Webhooks sections"). */
  label: string;
  sections: readonly SectionTab<Id>[];
  active: Id;
  onSelect(id: Id): void;
  /** Each button's test id is this prefix followed by the section id. */
  testIdPrefix: string;
}

export function SectionTabs<Id extends string>({
  label,
  sections,
  active,
  onSelect,
  testIdPrefix,
}: SectionTabsProps<Id>) {
  return (
    <div className="segmented" role="tablist" aria-label={label}>
      {sections.map((s) => (
        <button
          key={s.id}
          type="button"
          role="tab"
          aria-selected={active === s.id}
          className={active === s.id ? 'seg active' : 'seg'}
          data-testid={`${testIdPrefix}${s.id}`}
          disabled={s.disabled}
          title={s.title}
          onClick={() => onSelect(s.id)}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}
