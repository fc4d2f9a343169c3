/** The time-zone preference (src/renderer/src/state/time-zone.ts): read back, defaulted, applied. */
import { afterEach, describe, expect, it, vi } from 'vitest';

function fakeStorage(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

async function freshModules() {
  vi.resetModules();
  const store = await import('../../../../src/renderer/src/state/time-zone');
  const format = await import('../../../../src/renderer/src/lib/format');
  return { ...store, ...format };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('time-zone preference', () => {
  it('defaults to UTC when nothing (or something unreadable) is stored, or there is no storage', async () => {
    for (const stored of [{}, { 'copper.timeZone': 'Mars/Olympus' }] as Record<string, string>[]) {
      vi.stubGlobal('localStorage', fakeStorage(stored));
      const m = await freshModules();
      expect(m.useTimeZoneStore.getState().zone).toBe('utc');
      expect(m.activeTimeZone()).toBe('utc');
    }
    vi.unstubAllGlobals();
    const m = await freshModules();
    expect(m.currentTimeZone()).toBe('utc');
  });

  it('restores a stored choice and applies it to text built outside React', async () => {
    vi.stubGlobal('localStorage', fakeStorage({ 'copper.timeZone': 'local' }));
    const m = await freshModules();
    expect(m.currentTimeZone()).toBe('local');
    expect(m.activeTimeZone()).toBe('local');
  });

  it('saves a switch and every time formatted afterwards follows it', async () => {
    const storage = fakeStorage({});
    vi.stubGlobal('localStorage', storage);
    const m = await freshModules();
    const ms = String(Date.UTC(2026, 10, 26, 12, 10, 27));
    expect(m.formatTimestamp(ms)).toBe('2026-11-26 12:10:27 UTC');
    m.useTimeZoneStore.getState().setZone('local');
    expect(storage.data.get('copper.timeZone')).toBe('local');
    expect(m.formatTimestamp(ms)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC[+-]\d{2}:\d{2}$/);
    m.useTimeZoneStore.getState().setZone('utc');
    expect(m.formatTimestamp(ms)).toBe('2026-11-26 12:10:27 UTC');
  });
});
