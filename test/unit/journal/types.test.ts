/**
 * The checks a record passes before the journal writes it (`checkRecord`: each refusal's exact
 * words, the length bounds at their edges, only the known fields copied) and the detail's bound
 * (`trimDetail`: kept as JSON up to 16 KB, a marked preview past it).
 */
import { describe, expect, it } from 'vitest';
import {
  checkRecord,
  DETAIL_MAX_BYTES,
  JournalInputError,
  JournalSecretError,
  trimDetail,
  type JournalRecord,
} from '../../../src/main/journal/types';

const RECORD: JournalRecord = {
  step: 'outcome',
  actionId: 'act-1',
  action: 'loans.approve',
  workspaceId: 'ws-1',
  workspaceName: 'Desk',
  environment: 'sandbox',
  outcome: 'done',
};

const record = (over: Record<string, unknown>) => ({ ...RECORD, ...over }) as JournalRecord;

/** The text fields with a length bound, and the bound. */
const BOUNDED = [
  ['actionId', 200],
  ['action', 200],
  ['workspaceName', 200],
  ['keyId', 500],
  ['operator', 200],
  ['object', 500],
] as const;

function refusal(r: unknown): string {
  try {
    checkRecord(r as JournalRecord);
  } catch (error) {
    expect(error).toBeInstanceOf(JournalInputError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('checkRecord', () => {
  it('copies the known fields only', () => {
    const full = record({ keyId: 'fp', operator: 'alice', object: 'loan L1', detail: { a: 1 }, extra: 'x' });
    // Every field of RECORD and the optional ones; `extra` is left behind.
    expect(checkRecord(full)).toEqual({
      ...RECORD,
      keyId: 'fp',
      operator: 'alice',
      object: 'loan L1',
      detail: { a: 1 },
    });
    const bare = checkRecord(record({ step: 'prepared', outcome: undefined }));
    expect(Object.keys(bare)).toEqual([
      'step',
      'actionId',
      'action',
      'workspaceId',
      'workspaceName',
      'environment',
    ]);
  });

  it.each<[string, unknown, string]>([
    ['not an object', null, 'record: must be an object.'],
    ['a string', 'prepared', 'record: must be an object.'],
    [
      'an unknown step',
      record({ step: 'done' }),
      'step: must be one of prepared, confirmed, sent, answered, outcome, settled, acknowledged.',
    ],
    [
      'an unknown environment',
      record({ environment: 'staging' }),
      'environment: must be one of production, demo, testnet, sandbox.',
    ],
    [
      'an unknown outcome',
      record({ outcome: 'maybe' }),
      'outcome: must be one of done, refused, unknown, not-done.',
    ],
    [
      'an outcome step without an outcome',
      record({ outcome: undefined }),
      'outcome: an "outcome" step must say done, refused or unknown.',
    ],
    [
      'a workspace id outside the path-safe alphabet',
      record({ workspaceId: '../etc' }),
      'workspaceId: must be letters, digits, "-" or "_" (at most 128).',
    ],
    [
      'a workspace id that is not a string',
      record({ workspaceId: 7 }),
      'workspaceId: must be letters, digits, "-" or "_" (at most 128).',
    ],
    ['an empty action id', record({ actionId: '' }), 'actionId: must be a non-empty string.'],
    ['no action', record({ action: undefined }), 'action: must be a non-empty string.'],
    [
      'a workspace name that is a number',
      record({ workspaceName: 5 }),
      'workspaceName: must be a non-empty string.',
    ],
    ['an empty optional field', record({ operator: '' }), 'operator: must be a non-empty string.'],
    ['a key id that is not a string', record({ keyId: null }), 'keyId: must be a non-empty string.'],
    ...BOUNDED.map(([field, max]): [string, unknown, string] => [
      `a ${field} of ${max + 1} characters`,
      record({ [field]: 'a'.repeat(max + 1) }),
      `${field}: must be at most ${max} characters.`,
    ]),
  ])('refuses %s, saying what to fix', (_what, r, message) => {
    expect(refusal(r)).toBe(message);
  });

  it('takes every field at its longest, and a workspace id of 128 characters', () => {
    const longest = record({
      ...Object.fromEntries(BOUNDED.map(([field, max]) => [field, field.charAt(0).repeat(max)])),
      workspaceId: 'w'.repeat(128),
    });
    expect(checkRecord(longest)).toEqual(longest);
    expect(refusal(record({ workspaceId: 'w'.repeat(129) }))).toMatch(/^workspaceId:/);
    expect(refusal(record({ workspaceId: '-ws' }))).toMatch(/^workspaceId:/);
    expect(checkRecord(record({ workspaceId: 'W_9-a' })).workspaceId).toBe('W_9-a');
  });

  it('trims the detail on the way in', () => {
    const big = 'x'.repeat(DETAIL_MAX_BYTES);
    expect(checkRecord(record({ detail: big })).detail).toMatchObject({ trimmed: true });
  });
});

describe('trimDetail', () => {
  it('keeps JSON that fits as a copy, and undefined as null', () => {
    const detail = { nested: { list: [1, 'two', null] } };
    const kept = trimDetail(detail);
    expect(kept).toEqual(detail);
    expect(kept).not.toBe(detail);
    expect(trimDetail(undefined)).toBeNull();
  });

  it('keeps a detail of exactly the bound, and cuts one byte past it to a marked preview', () => {
    const exact = 'x'.repeat(DETAIL_MAX_BYTES - 2); // the JSON string's quotes make it the bound
    expect(trimDetail(exact)).toBe(exact);
    const over = 'x'.repeat(DETAIL_MAX_BYTES - 1);
    const json = JSON.stringify(over);
    expect(trimDetail(over)).toEqual({
      trimmed: true,
      originalBytes: DETAIL_MAX_BYTES + 1,
      keptBytes: DETAIL_MAX_BYTES,
      preview: json.slice(0, DETAIL_MAX_BYTES),
    });
  });

  it('cuts multi-byte text until the preview fits in bytes', () => {
    const trimmed = trimDetail('é'.repeat(DETAIL_MAX_BYTES)) as {
      preview: string;
      keptBytes: number;
      originalBytes: number;
    };
    expect(trimmed.originalBytes).toBe(2 * DETAIL_MAX_BYTES + 2);
    expect(trimmed.keptBytes).toBe(Buffer.byteLength(trimmed.preview, 'utf8'));
    expect(trimmed.keptBytes).toBeLessThanOrEqual(DETAIL_MAX_BYTES);
    // Cut in steps of 256 characters from the first cut: never more than one step short.
    expect(trimmed.preview.length).toBe(DETAIL_MAX_BYTES - 256 * 32);
  });

  it('refuses what is not plain JSON, saying why', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => trimDetail(cyclic)).toThrow(JournalInputError);
    expect(() => trimDetail(cyclic)).toThrow(/^detail: must be plain JSON \(.+\)\.$/s);
    expect(() => trimDetail(10n)).toThrow(/^detail: must be plain JSON/);
  });
});

describe('the errors', () => {
  it('name themselves, so a log line or a handler can tell them apart', () => {
    expect(new JournalInputError('x').name).toBe('JournalInputError');
    expect(new JournalSecretError('x').name).toBe('JournalSecretError');
    expect(new JournalSecretError('x')).toBeInstanceOf(Error);
  });
});
