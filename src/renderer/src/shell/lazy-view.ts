/**
 * A tab view loaded on first use that can be loaded ahead of time.
 *
 * Never suspends. `React.lazy` suspends on every first mount, and React reveals suspended content
 * no sooner than about 300 ms after its fallback appeared (it batches reveals): a tab opened before
 * the idle preload reached it sent its first request ~340 ms after the click (bench 24, issue 30).
 * Here a view whose chunk is not loaded yet renders a "Loading…" line, loads the chunk, and then
 * mounts the module's component once; one already loaded renders it directly. A failed load is
 * thrown to the tab's error boundary, whose Retry mounts the view again and loads again.
 */
import { createElement, useEffect, useState, type ComponentType, type ReactElement } from 'react';

export interface LazyView<P extends object> {
  (props: P): ReactElement;
  /** Loads the chunk (once); resolves when the view can render without suspending. */
  preload(): Promise<void>;
}

export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyView<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchOnce = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed chunk load (the server restarted, say) may be tried again on the next mount.
        pending = null;
        throw error;
      },
    ));
  function View(props: P): ReactElement {
    // The component is chosen once loaded and kept for the mount's life: the placeholder before it
    // holds no state, so switching from it loses nothing.
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (component !== null) return undefined;
      let live = true;
      fetchOnce().then(
        (module) => {
          if (live) setComponent(() => module.default);
        },
        (error: unknown) => {
          if (live) setFailure({ error });
        },
      );
      return () => {
        live = false;
      };
    }, [component]);
    if (failure !== null) throw failure.error;
    if (component === null)
      return createElement(
        'div',
        { className: 'dt-state', 'data-testid': 'view-loading' },
        createElement('span', { className: 'spinner', 'aria-hidden': true }),
        ' Loading…',
      );
    return createElement(component, props);
  }
  View.preload = () => fetchOnce().then(() => undefined);
  return View;
}

/**
 * Loads the given views one after another while the renderer is idle, after `delayMs`. Returns a
 * cancel function. A failed load is left for the view's first mount to report.
 */
export function preloadWhenIdle(views: readonly { preload(): Promise<void> }[], delayMs: number): () => void {
  let cancelled = false;
  const idle = (fn: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(fn) : setTimeout(fn, 0);
  const next = (i: number) => {
    const view = views[i];
    if (cancelled || view === undefined) return;
    idle(() => {
      if (cancelled) return;
      view.preload().then(
        () => next(i + 1),
        () => next(i + 1),
      );
    });
  };
  const timer = setTimeout(() => next(0), delayMs);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
