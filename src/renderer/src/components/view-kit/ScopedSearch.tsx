import { useId, useState, type ReactNode } from 'react';

export type SearchScope = 'loaded' | 'platform';

const ROW = { display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' } as const;

interface ScopedSearchProps {
  /** The input's test id; the help is `${testId}-help`, the platform button `${testId}-submit`. */
  testId: string;
  /** What is searched ("addresses"). */
  noun: string;
  /** Searching the rows already loaded: instant, any part of the text. */
  loaded: { value: string; onChange(value: string): void; help: string; placeholder: string };
  /** Asking the platform (its filter), on Enter or the button; `applied` is what it was last asked. */
  platform: {
    value: string;
    onChange(value: string): void;
    onSubmit(): void;
    help: string;
    placeholder: string;
    applied: string;
  };
  /** After the box: the count of matches. */
  children?: ReactNode;
}

/**
 * One search box per tab (issue 29, item 10) where a tab can search two ways: in the rows already
 * loaded (instant, any part of the text) or on the platform (its own filter, which loads again and
 * finds rows beyond those loaded). A scope switch says which, and the help under it what each does.
 */
export function ScopedSearch({ testId, noun, loaded, platform, children }: ScopedSearchProps) {
  const id = useId();
  const [scope, setScope] = useState<SearchScope>(() =>
    platform.value.trim() !== '' && loaded.value.trim() === '' ? 'platform' : 'loaded',
  );
  const inLoaded = scope === 'loaded';
  const current = inLoaded ? loaded : platform;
  const choose = (next: SearchScope) => {
    // One box, one search: the loaded rows are not left narrowed by text no longer in view.
    if (next === 'platform' && loaded.value !== '') loaded.onChange('');
    setScope(next);
  };
  return (
    <div style={ROW} role="search" aria-label={`Search ${noun}`}>
      <input
        type="search"
        style={{ width: 220 }}
        data-testid={testId}
        aria-label={inLoaded ? `Search the loaded ${noun}` : `Search ${noun} on the platform`}
        aria-describedby={`${id}-help`}
        placeholder={current.placeholder}
        value={current.value}
        maxLength={inLoaded ? 200 : 2000}
        onChange={(e) => current.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (!inLoaded && e.key === 'Enter') {
            e.preventDefault();
            platform.onSubmit();
          }
        }}
      />
      <span role="radiogroup" aria-label="Search in" style={ROW}>
        <label className="checkbox">
          <input type="radio" name={`${id}-scope`} checked={inLoaded} onChange={() => choose('loaded')} />
          Loaded rows
        </label>
        <label className="checkbox">
          <input type="radio" name={`${id}-scope`} checked={!inLoaded} onChange={() => choose('platform')} />
          Platform
        </label>
      </span>
      {inLoaded ? null : (
        <button
          type="button"
          className="btn small"
          data-testid={`${testId}-submit`}
          onClick={platform.onSubmit}
        >
          Search the platform
        </button>
      )}
      {children}
      <span id={`${id}-help`} className="small muted" data-testid={`${testId}-help`}>
        {current.help}
        {inLoaded && platform.applied.trim() !== ''
          ? ` The platform was asked for ${platform.applied} only.`
          : ''}
      </span>
    </div>
  );
}
