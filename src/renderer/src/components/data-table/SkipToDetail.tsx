import { useState, type RefObject } from 'react';

/** The detail pane beside the table (DetailPane marks it), or null when none is open. */
function detailPaneBeside(table: HTMLElement | null): HTMLElement | null {
  const scope = table?.closest('.split') ?? table?.closest('main') ?? null;
  return scope?.querySelector<HTMLElement>('[data-detail-pane]') ?? null;
}

/**
 * A skip link (issue 29), seen only while focused, just before the column menu: it takes keyboard
 * focus past the table's header buttons to the detail pane, or to the rows when no pane is open.
 */
export function SkipToDetail({
  scrollRef,
  testId,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  testId: string;
}) {
  const [toPane, setToPane] = useState(false);
  return (
    <button
      type="button"
      className="btn small skip-link"
      data-testid={`${testId}-skip`}
      onFocus={() => setToPane(detailPaneBeside(scrollRef.current) !== null)}
      onClick={() => {
        const pane = detailPaneBeside(scrollRef.current);
        (pane ?? scrollRef.current)?.focus();
      }}
    >
      {toPane ? 'Skip to the detail pane' : 'Skip to the rows'}
    </button>
  );
}
