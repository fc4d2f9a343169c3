import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// @ts-expect-error: a plain .mjs script without types
import { electronBinaryStatus, missingBinaryMessage } from '../../../scripts/dist.mjs';

// @ts-expect-error: a plain .mjs module without types
import * as signing from '../../../build/hooks/signing-plan.mjs';

const { signingPlan, notarizationPlan } = signing as {
  signingPlan(platform: string, env: Record<string, string>): { sign: boolean; message: string };
  notarizationPlan(
    platform: string,
    env: Record<string, string>,
  ): { notarize: boolean; message: string; credentials?: Record<string, string> };
};
const root = resolve(__dirname, '../../..');
type Status = { ok: boolean; path: string | null; reason: string | null };
const status = electronBinaryStatus as (resolve?: () => unknown) => Status;

describe("npm run dist without Electron's binary", () => {
  it('knows the binary is missing when the electron package points at no file, or does not load', () => {
    const dir = mkdtempSync(join(tmpdir(), 'copper-dist-'));
    try {
      expect(status(() => join(dir, 'electron'))).toMatchObject({ ok: false, reason: /no file at/ });
      expect(
        status(() => {
          throw new Error('Electron failed to install correctly');
        }),
      ).toMatchObject({ ok: false, reason: /did not load/ });
      writeFileSync(join(dir, 'electron'), '');
      expect(status(() => join(dir, 'electron'))).toMatchObject({ ok: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells how to get the binary', () => {
    const text = (missingBinaryMessage as (r: string) => string)('no file at /x');
    expect(text).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD=0 npm ci');
    expect(text).toContain('ELECTRON_MIRROR');
    expect(text).toContain('electron_config_cache');
  });

  // Only where the binary really is missing (this machine): elsewhere `npm run dist` would package.
  it.skipIf(status().ok)('stops at once, exits non-zero and leaves no output', () => {
    const distBefore = existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : null;
    const result = spawnSync(process.execPath, ['scripts/dist.mjs', '--linux'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Electron's binary is missing");
    expect(result.stdout).not.toMatch(/vite|building/i);
    const distAfter = existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : null;
    expect(distAfter).toEqual(distBefore);
  });
});

describe('signing and notarization from the environment', () => {
  it('skips with a clear message when no credentials are set, and says which to set', () => {
    expect(signingPlan('win32', {})).toMatchObject({ sign: false, message: /SKIPPED.*WIN_CSC_LINK/ });
    expect(signingPlan('darwin', {})).toMatchObject({ sign: false, message: /SKIPPED.*CSC_LINK/ });
    expect(notarizationPlan('darwin', {})).toMatchObject({
      notarize: false,
      message: /SKIPPED.*APPLE_API_KEY/,
    });
    expect(notarizationPlan('darwin', { APPLE_ID: 'a@b.c' })).toMatchObject({ notarize: false });
  });

  it('uses whichever complete credential set is present, and never prints a value', () => {
    const env = {
      APPLE_ID: 'ops@copper.example',
      APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh',
      APPLE_TEAM_ID: 'TEAM1',
    };
    const plan = notarizationPlan('darwin', env);
    expect(plan).toMatchObject({ notarize: true, credentials: { appleId: env.APPLE_ID, teamId: 'TEAM1' } });
    expect(plan.message).not.toContain('abcd-efgh');
    expect(plan.message).not.toContain('ops@copper.example');
    const api = notarizationPlan('darwin', {
      APPLE_API_KEY: '/k.p8',
      APPLE_API_KEY_ID: 'K',
      APPLE_API_ISSUER: 'I',
    });
    expect(api.credentials).toEqual({ appleApiKey: '/k.p8', appleApiKeyId: 'K', appleApiIssuer: 'I' });
    const signing = signingPlan('win32', { WIN_CSC_LINK: '/secret/cert.pfx', WIN_CSC_KEY_PASSWORD: 'pw' });
    expect(signing.sign).toBe(true);
    expect(signing.message).not.toContain('/secret/cert.pfx');
  });

  it('does not notarize or sign Linux packages', () => {
    expect(
      notarizationPlan('linux', { APPLE_ID: 'x', APPLE_APP_SPECIFIC_PASSWORD: 'y', APPLE_TEAM_ID: 'z' })
        .notarize,
    ).toBe(false);
    expect(signingPlan('linux', { CSC_LINK: 'x' }).sign).toBe(false);
  });
});
