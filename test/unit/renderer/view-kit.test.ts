import { describe, expect, it } from 'vitest';
import {
  applyStep,
  committedDraft,
  listTexts,
} from '../../../src/renderer/src/components/view-kit/draft-filters';
import { shouldDismissOnEscape } from '../../../src/renderer/src/components/view-kit/dismiss-on-escape';

interface Filters {
  search: string;
  userIds: string[];
  tags: string[];
  selectedId?: string;
}

const APPLIED: Filters = { search: 'fee', userIds: ['u1', 'u2'], tags: [], selectedId: 'row-7' };
const byValue = (f: Filters) => JSON.stringify([f.search, f.userIds, f.tags]);

describe('a draft filter form', () => {
  it('shows each list field as comma-separated text', () => {
    expect(listTexts(APPLIED, ['userIds', 'tags'])).toEqual({ userIds: 'u1, u2', tags: '' });
  });

  it('parses the list texts when the draft is committed: trimmed, no empties, no repeats', () => {
    const next = committedDraft(
      { ...APPLIED, search: 'swap' },
      { userIds: ' u3,u3  u4 ,', tags: '' },
      ['userIds', 'tags'],
      APPLIED,
    );
    expect(next).toEqual({ search: 'swap', userIds: ['u3', 'u4'], tags: [], selectedId: 'row-7' });
  });

  it('keeps the fields the form does not edit from what is applied, not from the stale draft', () => {
    const staleDraft = { ...APPLIED, selectedId: 'row-1' };
    const next = committedDraft(staleDraft, { userIds: 'u1 u2', tags: '' }, ['userIds', 'tags'], APPLIED, [
      'selectedId',
    ]);
    expect(next.selectedId).toBe('row-7');
    const { selectedId: _none, ...rest } = APPLIED;
    const appliedWithoutSelection: Filters = rest;
    const unset = committedDraft(staleDraft, { userIds: '' }, ['userIds'], appliedWithoutSelection, [
      'selectedId',
    ]);
    expect(unset.selectedId).toBeUndefined();
  });

  it('does not change the draft it is given', () => {
    const draft = { ...APPLIED };
    committedDraft(draft, { userIds: 'x', tags: 'y' }, ['userIds', 'tags'], APPLIED);
    expect(draft).toEqual(APPLIED);
  });

  it('reloads when the draft asks for the same request, and applies it otherwise', () => {
    expect(applyStep({ ...APPLIED }, APPLIED, byValue)).toBe('reload');
    // The selected row is not part of the request: still the same request.
    expect(applyStep({ ...APPLIED, selectedId: 'other' }, APPLIED, byValue)).toBe('reload');
    expect(applyStep({ ...APPLIED, search: 'fees' }, APPLIED, byValue)).toBe('apply');
    expect(applyStep({ ...APPLIED, userIds: ['u2', 'u1'] }, APPLIED, byValue)).toBe('apply');
  });
});

class FakeTarget {
  constructor(private readonly matches: string[]) {}
  closest(selector: string): object | null {
    const wanted = selector.split(',').map((s) => s.trim());
    return this.matches.some((m) => wanted.includes(m)) ? {} : null;
  }
}
const nothingOpen = { querySelector: () => null };
const openLayer = (selector: string) => ({
  querySelector: (s: string) =>
    s
      .split(',')
      .map((x) => x.trim())
      .includes(selector)
      ? {}
      : null,
});
const escape = (target: unknown = new FakeTarget([]), defaultPrevented = false) => ({
  key: 'Escape',
  defaultPrevented,
  target,
});

describe('Escape on a detail pane', () => {
  it('dismisses the pane when nothing nearer takes the key', () => {
    expect(shouldDismissOnEscape(escape(), nothingOpen)).toBe(true);
    // A target without `closest` (the document itself) is no field.
    expect(shouldDismissOnEscape(escape({}), nothingOpen)).toBe(true);
  });

  it('reacts to Escape only', () => {
    expect(shouldDismissOnEscape({ ...escape(), key: 'Enter' }, nothingOpen)).toBe(false);
    expect(shouldDismissOnEscape({ ...escape(), key: 'Esc ' }, nothingOpen)).toBe(false);
  });

  it('leaves Escape to a handler that already took it', () => {
    expect(shouldDismissOnEscape(escape(new FakeTarget([]), true), nothingOpen)).toBe(false);
  });

  it('leaves Escape to an open dialog or menu, which close first', () => {
    expect(shouldDismissOnEscape(escape(), openLayer('dialog[open]'))).toBe(false);
    expect(shouldDismissOnEscape(escape(), openLayer('.menu'))).toBe(false);
    expect(shouldDismissOnEscape(escape(), openLayer('[role="dialog"]'))).toBe(false);
  });

  it('leaves Escape to the field being typed in', () => {
    for (const field of ['input', 'textarea', 'select']) {
      expect(shouldDismissOnEscape(escape(new FakeTarget([field])), nothingOpen)).toBe(false);
    }
  });
});
