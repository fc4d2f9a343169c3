/**
 * How times are shown (issue 29): in UTC or in local time with its offset. A display preference of
 * this machine, not workspace data: app-wide, kept in localStorage like the theme, so every
 * workspace and every window shows times the same way. Free of the transport (node tests render
 * components that read it); re-exported by ui-state-store.ts with the rest of the view state.
 */
import { create } from 'zustand';
import { setActiveTimeZone, type TimeZonePref } from '../lib/format';
import { parseTimeZone } from './ui-state-schema';

const TIME_ZONE_KEY = 'copper.timeZone';

function readTimeZone(): TimeZonePref {
  try {
    return parseTimeZone(localStorage.getItem(TIME_ZONE_KEY));
  } catch {
    return parseTimeZone(null); // No storage: the default.
  }
}

function initialZone(): TimeZonePref {
  const zone = readTimeZone();
  setActiveTimeZone(zone);
  return zone;
}

export const useTimeZoneStore = create<{ zone: TimeZonePref; setZone(zone: TimeZonePref): void }>()(
  (set) => ({
    zone: initialZone(),
    setZone(zone) {
      setActiveTimeZone(zone);
      try {
        localStorage.setItem(TIME_ZONE_KEY, zone);
      } catch {
        // Storage may be unavailable; the choice still applies to this session.
      }
      set({ zone });
    },
  }),
);

/** The zone every displayed time uses; components re-render when the operator switches it. */
export function useTimeZone(): TimeZonePref {
  return useTimeZoneStore((s) => s.zone);
}

/** The zone now, for code outside React (a clipboard text, a tooltip built once). */
export const currentTimeZone = (): TimeZonePref => useTimeZoneStore.getState().zone;
