/**
 * The settings forms' one button row (src/renderer/src/components/view-kit/ButtonRow.tsx, issue 29):
 * the primary action first, then the others in their order, every one the same small button.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { ActionButton, ButtonRow } from '../../../../src/renderer/src/components/view-kit/ButtonRow';
import { html } from '../hostile/hostile-rows';

const noop = () => undefined;
/** Each button's (or file picker's) opening tag, in document order. */
const tags = (markup: string) => markup.match(/<(button|label)\b[^>]*>/g) ?? [];

describe('ButtonRow', () => {
  it('puts the primary first, then the secondary ones in order, in one .form-actions row', () => {
    const out = html(
      createElement(ButtonRow, {
        secondary: [{ label: 'Cancel', onClick: noop }, null, false, { label: 'Reset', onClick: noop }],
        primary: { label: 'Save', testId: 'save' },
      }),
    );
    expect(out.match(/class="form-actions"/g)).toHaveLength(1);
    expect(out.match(/>(Save|Cancel|Reset)</g)).toEqual(['>Save<', '>Cancel<', '>Reset<']);
    expect(tags(out).map((tag) => /class="([^"]*)"/.exec(tag)?.[1])).toEqual([
      'btn small primary',
      'btn small',
      'btn small',
    ]);
  });

  it('submits the form with a primary that has no onClick; the others are plain buttons', () => {
    const out = html(
      createElement(ButtonRow, {
        primary: { label: 'Save' },
        secondary: [{ label: 'Cancel', onClick: noop }],
      }),
    );
    const [save, cancel] = tags(out);
    expect(save).toContain('type="submit"');
    expect(cancel).toContain('type="button"');
  });

  it('keeps test ids, titles, accessible names and the disabled state', () => {
    const out = html(
      createElement(ButtonRow, {
        primary: { label: 'Save', testId: 'ws-save', disabled: true, title: 'Nothing changed' },
        secondary: [{ label: 'Reset', ariaLabel: 'Reset the page size of Loans', onClick: noop }],
      }),
    );
    const [save, reset] = tags(out);
    expect(save).toContain('data-testid="ws-save"');
    expect(save).toContain('disabled=""');
    expect(save).toContain('title="Nothing changed"');
    expect(reset).toContain('aria-label="Reset the page size of Loans"');
  });

  it('shows what the last action did after the buttons', () => {
    const out = html(createElement(ButtonRow, { primary: { label: 'Save' } }, 'Saved.'));
    expect(out).toMatch(/>Save<\/button>Saved\.<\/div>/);
  });

  it('announces what the last action did after the buttons, and nothing before there is', () => {
    const row = (done: string | null) =>
      html(createElement(ButtonRow, { primary: { label: 'Save' }, done, doneTestId: 'saved' }));
    expect(row('Saved 3 prices.')).toMatch(
      /<\/button><span class="success small" role="status" data-testid="saved">Saved 3 prices\.<\/span><\/div>/,
    );
    expect(row(null)).not.toContain('role="status"');
  });

  it('renders an empty row, not a crash, with no buttons', () => {
    expect(html(createElement(ButtonRow, {}))).toBe('<div><div class="form-actions"></div></div>');
  });
});

describe('ActionButton', () => {
  it('is a file picker that looks like a button when it takes a file, its test id on the input', () => {
    const out = html(
      createElement(ActionButton, {
        action: { label: 'Import CSV file…', testId: 'price-csv-file', accept: '.csv', onFile: noop },
      }),
    );
    expect(out).toMatch(/^<div><label class="btn small">Import CSV file…<input type="file"/);
    expect(out).toContain('accept=".csv"');
    expect(out).toContain('data-testid="price-csv-file"');
    expect(out).not.toContain('<button');
  });

  it('is a quiet button inside a table row', () => {
    const out = html(createElement(ActionButton, { action: { label: 'Reset', quiet: true, onClick: noop } }));
    expect(out).toContain('class="btn small ghost"');
  });
});
