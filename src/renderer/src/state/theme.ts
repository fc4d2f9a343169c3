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

const systemDark = window.matchMedia('(prefers-color-scheme: dark)');

/**
 * "system" is resolved here, to the OS's current preference, so the stylesheet needs the dark
 * palette only once (under `[data-theme='dark']`) instead of again inside a media query.
 */
function apply(choice: ThemeChoice): void {
  document.documentElement.dataset.theme =
    choice === 'system' ? (systemDark.matches ? 'dark' : 'light') : choice;
}

export function applyStoredTheme(): void {
  apply(read());
  // Follows the OS while the operator has not picked a theme.
  systemDark.addEventListener('change', () => apply(useTheme.getState().choice));
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
