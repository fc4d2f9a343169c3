/**
 * The secret registry: every form a secret could take in a record (raw, JSON-escaped, base64 with
 * and without padding, base64url, hex in both cases, URL-encoded), a bounded and idempotent set of
 * secrets, and the journal's refusal of any entry holding one of those forms of a registered secret.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journals, JournalSecretError, type JournalRecord } from '../../../src/main/journal/journals';
import { processSecrets, SecretRegistry, secretForms } from '../../../src/main/security/secret-registry';

/** 16 UTF-8 bytes: base64 has padding, "+" (so base64url differs) and "/"; JSON and URLs escape some. */
const SECRET = 'sk_live?>>~"/üx';
/** Its forms, worked out apart from the code under test (Python's base64, binascii and urllib). */
const FORMS = {
  raw: 'sk_live?>>~"/üx',
  json: 'sk_live?>>~\\"/üx',
  base64: 'c2tfbGl2ZT8+Pn4iL8O8eA==',
  base64Unpadded: 'c2tfbGl2ZT8+Pn4iL8O8eA',
  base64url: 'c2tfbGl2ZT8-Pn4iL8O8eA',
  hexLower: '736b5f6c6976653f3e3e7e222fc3bc78',
  hexUpper: '736B5F6C6976653F3E3E7E222FC3BC78',
  urlEncoded: 'sk_live%3F%3E%3E~%22%2F%C3%BCx',
};

describe('secretForms', () => {
  it.each(Object.entries(FORMS))('covers the %s form', (_name, form) => {
    expect(secretForms(SECRET)).toContain(form);
  });

  it('lists each form once, and nothing else', () => {
    const forms = secretForms(SECRET);
    expect(new Set(forms).size).toBe(forms.length);
    expect([...forms].sort()).toEqual([...new Set(Object.values(FORMS))].sort());
  });

  it('leaves out forms too short to tell from ordinary text', () => {
    // "ab~": raw, JSON and URL forms are 3 characters, base64 "YWJ+" 4: only the hex forms are kept.
    expect(secretForms('ab~').sort()).toEqual(['61627E', '61627e']);
  });
});

describe('SecretRegistry', () => {
  it('holds every form of what it was given', () => {
    const registry = new SecretRegistry();
    registry.add(SECRET);
    expect([...registry.forms()].sort()).toEqual([...secretForms(SECRET)].sort());
  });

  it('is idempotent: the same secret twice is held once', () => {
    const registry = new SecretRegistry();
    registry.add(SECRET);
    registry.add(SECRET);
    registry.add('another-secret-1');
    registry.add(SECRET);
    expect([...registry.forms()]).toEqual([...secretForms(SECRET), ...secretForms('another-secret-1')]);
  });

  it('ignores values too short to be a secret, and non-strings', () => {
    const registry = new SecretRegistry();
    registry.add('12345');
    registry.add(undefined as unknown as string);
    registry.add(42 as unknown as string);
    expect([...registry.forms()]).toEqual([]);
  });

  it('is bounded: past 1,000 secrets the oldest is forgotten', () => {
    const registry = new SecretRegistry();
    const secret = (i: number) => `bounded-secret-${String(i).padStart(5, '0')}`;
    for (let i = 0; i < 1_000; i++) registry.add(secret(i));
    const full = [...registry.forms()];
    expect(full).toContain(secret(0));
    expect(full).toContain(secret(999));
    registry.add(secret(1_000));
    const after = [...registry.forms()];
    expect(after).not.toContain(secret(0));
    expect(after).toContain(secret(1));
    expect(after).toContain(secret(1_000));
    expect(after).toHaveLength(full.length); // every secret here has the same number of forms
    // Re-adding a held one forgets nothing.
    registry.add(secret(500));
    expect([...registry.forms()]).toEqual(after);
  });
});

describe('the journal refuses a registered secret in any form', () => {
  const WS = 'ws-secrets';
  let dataDir: string;
  let journals: Journals;
  /**
   * Not SECRET (nothing else registers this one): its base64 has padding and a "+", so that the
   * base64url form differs from both base64 forms; "/" and '"' make the URL and JSON forms differ.
   */
  const secret = 'journal?>>~"/üx-secret';
  const bytes = Buffer.from(secret, 'utf8');
  const record = (detail: unknown): JournalRecord => ({
    step: 'answered',
    actionId: 'act-1',
    action: 'exchange.submit',
    workspaceId: WS,
    workspaceName: 'Desk',
    environment: 'sandbox',
    detail,
  });
  /** Every line written to the workspace's journal so far. */
  async function lines(): Promise<string[]> {
    const dir = join(dataDir, 'journal', WS);
    const names = await readdir(dir).catch(() => [] as string[]);
    const texts = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
    return texts.join('').split('\n').filter(Boolean);
  }

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'secret-registry-'));
    journals = await Journals.open({ dataDir });
    processSecrets.add(secret);
  });
  afterEach(async () => {
    await journals.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['base64', bytes.toString('base64')],
    ['base64 without padding', bytes.toString('base64').replace(/=+$/, '')],
    ['base64url', bytes.toString('base64url')],
    ['hex', bytes.toString('hex')],
    ['upper-case hex', bytes.toString('hex').toUpperCase()],
    ['URL-encoded', encodeURIComponent(secret)],
    ['raw (JSON-escaped in the line)', secret],
  ])('%s: refused with JournalSecretError, nothing written', async (_name, form) => {
    expect(bytes.toString('base64url')).not.toBe(bytes.toString('base64').replace(/=+$/, ''));
    expect(bytes.toString('base64')).toMatch(/=$/);
    await expect(journals.append(record({ answer: { token: form } }))).rejects.toBeInstanceOf(
      JournalSecretError,
    );
    expect(await lines()).toEqual([]);
    // The journal still writes a clean entry, as the first one.
    const entry = await journals.append(record({ answer: { token: 'nothing secret here' } }));
    expect(entry.seq).toBe(1);
    const written = await lines();
    expect(written).toHaveLength(1);
    expect(written[0]).not.toContain(form);
  });
});
