/**
 * The risk watch's state file (src/main/risk/risk-state-file.ts): a missing file is empty, a
 * damaged one is set aside with a warning and never fatal, what is saved reads back, and loan ids
 * named after Object.prototype's members are keys like any other.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RISK_STATE_FILE, RiskStateFile } from '../../../src/main/risk/risk-state-file';
import { DEFAULT_RISK_SETTINGS } from '../../../src/shared/risk';

let dir: string;
let warnings: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copper-risk-state-'));
  warnings = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const open = () => RiskStateFile.open(dir, (m) => warnings.push(m));
const path = () => join(dir, RISK_STATE_FILE);

describe('RiskStateFile', () => {
  it('starts empty without a file, and says nothing', async () => {
    const file = await open();
    expect(file.workspaceIds()).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('gives a new workspace the default settings, the same object each time', async () => {
    const file = await open();
    const ws = file.get('ws-1');
    expect(ws.settings).toEqual(DEFAULT_RISK_SETTINGS);
    expect(ws.settings).not.toBe(DEFAULT_RISK_SETTINGS);
    expect(Object.keys(ws.loans)).toEqual([]);
    expect(Object.getPrototypeOf(ws.loans)).toBeNull();
    expect(file.get('ws-1')).toBe(ws);
    expect(file.workspaceIds()).toEqual(['ws-1']);
  });

  it('reads back what it saved, loans named after Object.prototype members included', async () => {
    const file = await open();
    const ws = file.get('ws-1');
    ws.settings.enabled = true;
    ws.loans['hasOwnProperty'] = { band: 'margin-call', marginCallSeenAt: '1000', acknowledgedAt: '1500' };
    ws.loans['constructor'] = { band: 'warning' };
    ws.loans['__proto__'] = { band: 'default' };
    file.get('ws-2');
    await file.save();
    expect(JSON.parse(await readFile(path(), 'utf8'))).toMatchObject({ version: 1 });

    const again = await open();
    expect(again.workspaceIds()).toEqual(['ws-1', 'ws-2']);
    const back = again.get('ws-1');
    expect(back.settings.enabled).toBe(true);
    expect(Object.getPrototypeOf(back.loans)).toBeNull();
    expect(Object.keys(back.loans).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty']);
    expect(back.loans['__proto__']).toEqual({ band: 'default' });
    expect(back.loans['hasOwnProperty']).toEqual({
      band: 'margin-call',
      marginCallSeenAt: '1000',
      acknowledgedAt: '1500',
    });
    expect(warnings).toEqual([]);
  });

  it('reads back a top-up of each kind, "no target" included (issue 28)', async () => {
    const file = await open();
    const ws = file.get('ws-1');
    const topUps = {
      a: { ok: true, amount: '1.5', currency: 'BTC', targetLtv: '0.65', at: '1000' },
      b: { ok: false, why: 'the loan states no initial LTV', at: '1000', noTarget: true },
      c: { ok: false, why: 'the loan’s LTV is unknown', at: '1000' },
    } as const;
    for (const [id, topUp] of Object.entries(topUps)) ws.loans[id] = { band: 'margin-call', topUp };
    await file.save();
    const back = (await open()).get('ws-1');
    for (const [id, topUp] of Object.entries(topUps)) expect(back.loans[id]?.topUp).toEqual(topUp);
    expect(warnings).toEqual([]);
  });

  it('forgets a workspace', async () => {
    const file = await open();
    file.get('ws-1');
    file.get('ws-2');
    file.forget('ws-1');
    expect(file.workspaceIds()).toEqual(['ws-2']);
  });

  it.each([
    ['not JSON', '{'],
    ['of another version', JSON.stringify({ version: 2, workspaces: {} })],
    [
      'with a bad band',
      JSON.stringify({
        version: 1,
        workspaces: { w: { settings: DEFAULT_RISK_SETTINGS, loans: { L: { band: 'x' } } } },
      }),
    ],
  ])('sets a file %s aside as .damaged and starts from defaults', async (_what, text) => {
    await writeFile(path(), text);
    const file = await open();
    expect(file.workspaceIds()).toEqual([]);
    expect(warnings).toEqual([
      `${path()} is damaged; the risk watch starts from defaults (the old file is kept as .damaged)`,
    ]);
    expect(await readFile(`${path()}.damaged`, 'utf8')).toBe(text);
    expect((await readdir(dir)).sort()).toEqual([`${RISK_STATE_FILE}.damaged`]);
  });

  it('says so when the file cannot be read, and starts from defaults', async () => {
    await mkdir(path());
    const file = await open();
    expect(file.workspaceIds()).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(`^could not read ${path().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*EISDIR`),
    );
  });
});
