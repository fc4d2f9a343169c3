import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DATA_TABS, SETTINGS_TAB, type TabId } from '@shared/tabs';
import { usePopover } from '../components/use-popover';
import { fittingTabCount } from './tab-overflow';

interface TabBarProps {
  active: TabId;
  onSelect(tab: TabId): void;
}

type Tab = { id: TabId; label: string; key: string };
/** The More button's width before it was first drawn. */
const MORE_ESTIMATE_PX = 110;
const GAP_PX = 2;

/**
 * Data tabs on the left, workspace settings on the right. The data tabs that do not fit the window
 * go into a "More" menu (issue 29) rather than past its edge; Workspaces always stays visible.
 */
export function TabBar({ active, onSelect }: TabBarProps) {
  const ref = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const settingsRef = useRef<HTMLDivElement>(null);
  /**
   * Each data tab's width: measured on every fit for the tabs drawn, the last measure for the ones
   * in the More menu (the shortcut badges come and go at 1440 px, so widths do change).
   */
  const widths = useRef<number[]>(DATA_TABS.map(() => 0));
  const moreWidth = useRef(MORE_ESTIMATE_PX);
  const [shown, setShown] = useState<number>(DATA_TABS.length);
  const { open: moreOpen, setOpen: setMoreOpen, ref: moreRef } = usePopover();

  const fit = useCallback(() => {
    const bar = ref.current;
    const list = listRef.current;
    if (!bar || !list) return;
    list.querySelectorAll<HTMLElement>('[role="tab"]').forEach((b, i) => {
      if (!b.hidden) widths.current[i] = b.getBoundingClientRect().width;
    });
    const moreButton = bar.querySelector<HTMLElement>('[data-testid="tab-more"]');
    if (moreButton) moreWidth.current = moreButton.getBoundingClientRect().width;
    const style = getComputedStyle(bar);
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const settings = settingsRef.current?.getBoundingClientRect().width ?? 0;
    const available = bar.clientWidth - padding - settings - 3 * GAP_PX;
    setShown(fittingTabCount({ tabs: widths.current, available, more: moreWidth.current, gap: GAP_PX }));
  }, []);

  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const observer = new ResizeObserver(fit);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [fit]);
  // Tabs just drawn again are measured again: the count settles after at most one more pass.
  useLayoutEffect(fit, [fit, shown]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const buttons = Array.from(
      ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([hidden])') ?? [],
    );
    const i = buttons.findIndex((b) => b === document.activeElement);
    if (i < 0) return;
    const next = buttons[(i + (e.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length];
    next?.focus();
    next?.click();
  };
  const tab = (t: Tab, hidden = false) => (
    <button
      key={t.id}
      type="button"
      role="tab"
      hidden={hidden}
      aria-selected={active === t.id}
      tabIndex={active === t.id ? 0 : -1}
      className={active === t.id ? 'tab active' : 'tab'}
      data-testid={`tab-${t.id}`}
      title={`${t.label} (Alt+${t.key})`}
      aria-keyshortcuts={`Alt+${t.key}`}
      onClick={() => onSelect(t.id)}
    >
      {t.label}
      <kbd className="tab-key">{t.key}</kbd>
    </button>
  );
  const overflow: readonly Tab[] = DATA_TABS.slice(shown);
  const activeInMore = overflow.find((t) => t.id === active);
  return (
    <div className="tabbar" ref={ref} onKeyDown={onKeyDown}>
      <div className="tabbar-tabs" role="tablist" aria-label="Views" ref={listRef}>
        {DATA_TABS.map((t, i) => tab(t, i >= shown))}
      </div>
      {overflow.length > 0 ? (
        <div className="menu-anchor tabbar-more" ref={moreRef}>
          <button
            type="button"
            className={activeInMore ? 'tab active' : 'tab'}
            aria-haspopup="true"
            aria-expanded={moreOpen}
            data-popover-trigger
            data-testid="tab-more"
            onClick={() => setMoreOpen((o) => !o)}
          >
            {activeInMore ? `More: ${activeInMore.label}` : 'More'} ▾
          </button>
          {moreOpen ? (
            <div
              className="menu"
              role="group"
              aria-label="More views"
              data-popover-panel
              data-testid="tab-more-menu"
            >
              {overflow.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  className="menu-item menu-button"
                  aria-current={active === t.id ? 'page' : undefined}
                  aria-keyshortcuts={`Alt+${t.key}`}
                  data-testid={`tab-more-${t.id}`}
                  onClick={() => {
                    onSelect(t.id);
                    setMoreOpen(false);
                  }}
                >
                  {t.label}
                  <kbd className="tab-key">{t.key}</kbd>
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      <span className="tabbar-spacer" />
      <div className="tabbar-tabs" role="tablist" aria-label="Settings" ref={settingsRef}>
        {tab(SETTINGS_TAB)}
      </div>
    </div>
  );
}
