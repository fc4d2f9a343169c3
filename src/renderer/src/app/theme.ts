/**
 * Theme: follows the OS (prefers-color-scheme) unless the operator picks one. The choice is a
 * display preference, not workspace data, so it lives in localStorage.
 */
import { create } from 'zustand';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'copper.theme';

function read(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

function apply(choice: ThemeChoice): void {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

export function applyStoredTheme(): void {
  apply(read());
}

export const useTheme = create<{ choice: ThemeChoice; cycle(): void }>()((set, get) => ({
  choice: read(),
  cycle() {
    const order: ThemeChoice[] = ['system', 'light', 'dark'];
    const next = order[(order.indexOf(get().choice) + 1) % order.length] ?? 'system';
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Storage may be unavailable; the theme still applies for this session.
    }
    apply(next);
    set({ choice: next });
  },
}));
