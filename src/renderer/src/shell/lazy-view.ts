/**
 * A tab view loaded on first use that can be loaded ahead of time.
 *
 * `React.lazy` alone suspends on every first mount, and React reveals suspended content no sooner
 * than about 300 ms after its fallback appeared (it batches reveals). A tab whose code is already
 * here should not pay that: once the chunk is loaded, the view renders the module's component
 * directly and never suspends. The shell preloads the tabs' chunks while the console is idle.
 */
import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

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
  const Suspending = lazy(fetchOnce);
  function View(props: P): ReactElement {
    // Chosen once per mount: switching from the lazy wrapper to the component on a later render
    // would remount the view and lose its state.
    const [component] = useState<ComponentType<P>>(() => loaded ?? Suspending);
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
