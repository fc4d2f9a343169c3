/**
 * The `huge` sandbox end to end with the CSV export: every exported activity reaches the file
 * once, in order, byte for byte as an independent encoding (csv-stringify of the neutralised
 * records) says; a cancelled export leaves nothing. Correctness only: how fast and in how much
 * memory is bench/export-million.ts. The first 200,000 rows by default (about 15 s);
 * `COPPER_HUGE_ROWS=1000000` exports all of them (54–60 s at a load average of 8–14).
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportActivitiesCsv, isoTimeOf } from '../../../src/main/exports/activities-csv';
import { neutraliseRow } from '../../../src/main/exports/neutralise';
import { RequestHistory } from '../../../src/main/history/request-history';
import { createHmacSigner } from '../../../src/main/keychain/hmac-signer';
import { PlatformClient } from '../../../src/main/platform/client';
import type { ProgressEvent } from '../../../src/shared/contract';
import { buildSandboxData } from '../../../src/sandbox/data/seed';
import { GeneratedActivities } from '../../../src/sandbox/data/generated-activities';
import { DEFAULT_SEED, startSandbox, type RunningSandbox } from '../../../src/sandbox/index';
import { ACTIVITY_COLUMNS } from '../../../src/sandbox/routes/activities';

const ROWS = Number(process.env.COPPER_HUGE_ROWS ?? 200_000);

let sb: RunningSandbox;
let dir: string;
let client: PlatformClient;
beforeAll(async () => {
  sb = await startSandbox({ size: 'huge', rateLimit: false });
  dir = mkdtempSync(join(tmpdir(), 'copper-huge-'));
  const signer = createHmacSigner(sb.apiKey, sb.apiSecret);
  client = new PlatformClient({
    workspaceId: 'huge',
    baseUrl: sb.baseUrl,
    signer: async () => signer,
    history: new RequestHistory(),
  });
});
afterAll(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The file the export must write, from the sandbox's own records and csv-stringify. */
function expectedSha256(rows: number): string {
  const data = buildSandboxData(DEFAULT_SEED, 'huge');
  const list = data.activities.get(data.callerOrganizationId);
  if (!(list instanceof GeneratedActivities)) throw new Error('the huge caller has generated activities');
  const hash = createHash('sha256');
  hash.update(stringify([[...ACTIVITY_COLUMNS, 'createdAtIso']]));
  const BLOCK = 20_000;
  for (let from = 0; from < rows; from += BLOCK) {
    const records = list
      .slice(from, Math.min(rows, from + BLOCK))
      .map((a) => [...neutraliseRow(ACTIVITY_COLUMNS.map((c) => a[c])).row, isoTimeOf(a.createdAt)]);
    hash.update(stringify(records));
  }
  return hash.digest('hex');
}

describe('CSV export from the huge sandbox', () => {
  it(`writes all ${ROWS} rows once, in order, exactly`, { timeout: 240_000 }, async () => {
    const filePath = join(dir, 'activities.csv');
    const result = await exportActivitiesCsv({
      client,
      organizationId: sb.organizationId,
      filters: {},
      filePath,
      ...(ROWS < 1_000_000 ? { maxRows: ROWS } : {}),
    });
    expect(result.ok && result.value).toMatchObject({ rows: ROWS, duplicatesDropped: 0, incomplete: false });
    expect(await sha256OfFile(filePath)).toBe(expectedSha256(ROWS));
    rmSync(filePath);
  });

  it('leaves no file when cancelled in the middle', { timeout: 60_000 }, async () => {
    const own = mkdtempSync(join(dir, 'cancel-'));
    const controller = new AbortController();
    const events: ProgressEvent[] = [];
    const pending = exportActivitiesCsv({
      client,
      organizationId: sb.organizationId,
      filters: {},
      filePath: join(own, 'cancelled.csv'),
      signal: controller.signal,
      onProgress: (e) => {
        events.push(e);
        // Cancel once a few pages are on disk, so a partial file exists.
        if (e.pages >= 3) controller.abort();
      },
    });
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('cancelled');
    expect(events.at(-1)?.phase).toBe('cancelled');
    expect(readdirSync(own)).toEqual([]);
  });
});
