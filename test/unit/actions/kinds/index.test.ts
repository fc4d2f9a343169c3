/**
 * The registry of action kinds (src/main/actions/kinds/index.ts), walked: every kind has each of
 * its parts, a request that matches its declared operation and media type, a form in the renderer
 * (src/renderer/src/shell/action-forms.ts) and a row in docs/actions.md. The compiler asks for the
 * registry line and the form; this checks what it cannot (a part left empty, a path built against
 * the wrong operation, a kind the docs do not name).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_KINDS, kindNamed, specOf } from '../../../../src/main/actions/kinds';
import { actionInput, type ActionKind } from '../../../../src/shared/actions';
import type { Loan } from '../../../../src/shared/platform/resources';
import { loanSide } from '../../../../src/shared/loan-actions';
import { ACTION_FORMS } from '../../../../src/renderer/src/shell/action-forms';
import { US as ORG, allocation, loan } from '../../../support/fixtures/loans';
import { sendJson } from '../../../support/verifying-server';
import { startFixture, type Fixture } from '../../../support/fixtures/platform-client';

const KINDS = Object.keys(ACTION_KINDS) as ActionKind[];

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.server.close());

/** A loan every loan kind's rule offers an action on, for our organization as the lender. */
const LOAN: Loan = loan(
  {
    loanId: 'loan-1',
    status: 'awaiting-approval',
    lenderCounterpartyId: 'cp-us',
    borrowerCounterpartyId: 'cp-them',
  },
  [
    allocation({ loanAllocationId: 'alloc-1', loanId: 'loan-1', requestorCounterpartyId: 'cp-them' }),
    allocation({
      loanAllocationId: 'alloc-2',
      loanId: 'loan-1',
      allocationType: 'disburse-externally',
      status: 'awaiting-confirmation',
    }),
  ],
);

/** `/organizations/{organizationId}/loans/{loanId}` as a pattern any segment fills. */
const pathPattern = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

describe('the registry of action kinds', () => {
  it('has one spec per member of actionInput, filed under its own kind', () => {
    const schemaKinds = actionInput.options.map((o) => o.shape.kind.value);
    expect([...schemaKinds].sort()).toEqual([...KINDS].sort());
    for (const kind of KINDS) {
      const spec = specOf(kind);
      expect(spec.kind).toBe(kind);
      expect(actionInput.options, `${kind}: its schema is its member of actionInput`).toContain(spec.schema);
    }
  });

  it('has no two kinds sending the same operation, which de-duplication (keyed by kind) would not catch', () => {
    const operations = KINDS.map((kind) => {
      const spec = specOf(kind);
      return `${spec.operation.method} ${spec.operation.path} ${spec.mediaType}`;
    });
    expect(new Set(operations).size, operations.join('\n')).toBe(KINDS.length);
  });

  it.each(KINDS)('%s has every part', (kind) => {
    const spec = specOf(kind);
    expect(['POST', 'PATCH']).toContain(spec.operation.method);
    expect(spec.operation.path).toMatch(/^\//);
    expect(spec.mediaType).toMatch(/^application\/[\w.+-]+$/);
    expect(spec.title.trim()).not.toBe('');
    expect(spec.schema.safeParse(spec.example).success, 'its example parses').toBe(true);
    for (const part of [spec.build, spec.dedup.object, spec.dedup.text, spec.check.plan, spec.answered])
      expect(typeof part).toBe('function');
    expect(spec.dedup.text(spec.example).trim()).not.toBe('');
    expect(spec.check.plan({ kind }).what.trim()).not.toBe('');
    // Check now reads only where the kind can judge what it reads.
    expect(spec.check.plan({ kind, loanId: 'loan-1' }).available).toBe(spec.check.judgeLoan !== undefined);
  });

  it.each(KINDS)('%s builds its example as its declared operation and media type', async (kind) => {
    const spec = specOf(kind);
    fx.server.setHandler((_req, res) => sendJson(res, 200, LOAN));
    const built = await spec.build(
      { client: fx.client(), organizationId: ORG, nextNonce: () => 1 },
      spec.example,
    );
    expect(built.ok, JSON.stringify(built)).toBe(true);
    if (!built.ok) return;
    expect(built.value.method).toBe(spec.operation.method);
    expect(built.value.path).toMatch(pathPattern(spec.operation.path));
    expect(built.value.contentType).toBe(spec.mediaType);
    expect(built.value.title).toContain(spec.title);
    if (spec.availability) expect(spec.availability(LOAN, loanSide(LOAN, ORG)).ok).toBe(true);
  });

  it('names no kind the console no longer sends (the LTV estimate and dry run are reads)', () => {
    expect(kindNamed('loans.estimateLtv')).toBeUndefined();
    expect(kindNamed('loans.ltvDryRun')).toBeUndefined();
    expect(kindNamed('toString')).toBeUndefined();
    expect(kindNamed('loans.approve')).toBe(ACTION_KINDS['loans.approve']);
  });
});

describe('every kind has a form in the renderer', () => {
  it.each(KINDS)('%s', (kind) => {
    const form = ACTION_FORMS[kind];
    expect(form?.kind).toBe(kind);
    expect(form.label.trim()).not.toBe('');
    expect(form.where.trim()).not.toBe('');
  });

  it('and no form for a kind the registry does not hold', () => {
    expect(Object.keys(ACTION_FORMS).sort()).toEqual([...KINDS].sort());
  });
});

describe('docs/actions.md', () => {
  const rows = readFileSync(join(import.meta.dirname, '../../../../docs/actions.md'), 'utf8')
    .split('\n')
    .map((line) => /^\| `([^`]+)` \|/.exec(line)?.[1])
    .filter((kind): kind is string => kind !== undefined);

  it.each(KINDS)('has a row for %s with its operation and media type', (kind) => {
    expect(rows).toContain(kind);
    const text = readFileSync(join(import.meta.dirname, '../../../../docs/actions.md'), 'utf8');
    const row = text.split('\n').find((line) => line.startsWith(`| \`${kind}\` |`)) ?? '';
    const spec = specOf(kind);
    expect(row).toContain(`${spec.operation.method} ${spec.operation.path}`);
    expect(row).toContain(spec.mediaType);
  });

  it('has no row for a kind the registry does not hold', () => {
    expect(rows.filter((kind) => kindNamed(kind) === undefined)).toEqual([]);
  });
});
