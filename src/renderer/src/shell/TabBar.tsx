import { useRef, type KeyboardEvent } from 'react';
import { DATA_TABS, SETTINGS_TAB, type TabId } from '@shared/tabs';

interface TabBarProps {
  active: TabId;
  onSelect(tab: TabId): void;
}

/** Data tabs on the left, workspace settings on the right. */
export function TabBar({ active, onSelect }: TabBarProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? []);
    const i = buttons.findIndex((b) => b === document.activeElement);
    if (i < 0) return;
    const next = buttons[(i + (e.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length];
    next?.focus();
    next?.click();
  };
  const tab = (t: { id: TabId; label: string; key: string }) => (
    <button
      key={t.id}
      type="button"
      role="tab"
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
  return (
    <div className="tabbar" role="tablist" aria-label="Views" ref={ref} onKeyDown={onKeyDown}>
      {DATA_TABS.map(tab)}
      <span className="tabbar-spacer" />
      {tab(SETTINGS_TAB)}
    </div>
  );
}
