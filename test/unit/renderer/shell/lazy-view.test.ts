/**
 * A tab view loaded on first use (src/renderer/src/shell/lazy-view.ts, issue 30): before its chunk
 * is here it renders a "Loading…" line and never suspends (a suspended view is revealed no sooner
 * than ~300 ms later, which delayed a tab's first request); once loaded it renders the component.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { lazyView } from '../../../../src/renderer/src/shell/lazy-view';
import { html } from '../hostile/hostile-rows';

const Hello = ({ name }: { name: string }) => createElement('p', null, `hello ${name}`);

describe('lazyView', () => {
  it('renders a loading line, not a suspension, before the chunk is here', () => {
    let loads = 0;
    const View = lazyView(() => {
      loads++;
      return new Promise<{ default: typeof Hello }>(() => undefined);
    });
    // A suspending view cannot render outside a Suspense boundary: this would throw.
    const out = html(createElement(View, { name: 'desk' }));
    expect(out).toContain('data-testid="view-loading"');
    expect(out).toContain('Loading…');
    expect(out).not.toContain('hello');
    expect(loads).toBe(0); // loading starts in an effect, after the first paint
  });

  it('renders the component directly once preloaded, loading the chunk once', async () => {
    let loads = 0;
    const View = lazyView(async () => {
      loads++;
      return { default: Hello };
    });
    await View.preload();
    await View.preload();
    expect(html(createElement(View, { name: 'desk' }))).toBe('<div><p>hello desk</p></div>');
    expect(loads).toBe(1);
  });

  it('tries a failed chunk again on the next load', async () => {
    let loads = 0;
    const View = lazyView(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk gone');
      return { default: Hello };
    });
    await expect(View.preload()).rejects.toThrow('chunk gone');
    await View.preload();
    expect(loads).toBe(2);
    expect(html(createElement(View, { name: 'x' }))).toContain('hello x');
  });
});
