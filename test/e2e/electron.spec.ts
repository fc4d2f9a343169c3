/**
 * The Electron shell end to end. Runs wherever Electron's binary is installed; on machines where
 * its download host is unreachable (ELECTRON_SKIP_BINARY_DOWNLOAD) it is skipped with the reason.
 */
import { test, expect, _electron as electron } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALL_NAMES } from '../../src/shared/contract';

const require = createRequire(import.meta.url);
function electronBinary(): string | null {
  try {
    const path = require('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();

test.describe('Electron shell', () => {
  test.skip(binary === null, 'Electron binary not installed on this machine (ELECTRON_SKIP_BINARY_DOWNLOAD)');

  test('opens the hardened window on the local sandbox with only window.copper exposed', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'copper-electron-'));
    const app = await electron.launch({
      executablePath: binary ?? undefined,
      args: ['out/main/index.js', `--user-data-dir=${userData}`, '--no-sandbox'],
    });
    try {
      const page = await app.firstWindow();
      await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
      const exposed = await page.evaluate(() =>
        Object.keys((window as unknown as { copper: object }).copper).sort(),
      );
      const domains = [...new Set(CALL_NAMES.map((n) => n.split('.')[0]))];
      expect(exposed).toEqual([...domains, 'events'].sort());
      expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe(
        'undefined',
      );
      expect(await page.evaluate(() => typeof (window as unknown as { process?: unknown }).process)).toBe(
        'undefined',
      );
      const opened = await page.evaluate(() => window.open('https://example.com') === null);
      expect(opened).toBe(true);
      // Issue 15.4: served from the app:// protocol, navigation locked, permissions denied.
      expect(page.url()).toMatch(/^app:\/\/copper\//);
      await page.evaluate(() => window.location.assign('https://example.com/'));
      expect(page.url()).toMatch(/^app:\/\/copper\//);
      const geolocation = await page.evaluate(async () => {
        const status = await navigator.permissions.query({ name: 'geolocation' });
        return status.state;
      });
      expect(geolocation).toBe('denied');
    } finally {
      await app.close();
      await rm(userData, { recursive: true, force: true });
    }
  });
});
