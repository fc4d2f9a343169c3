/**
 * The form every settings panel is (src/renderer/src/components/view-kit/Form.tsx, issue 29): its
 * one layout as a class, and its help text first, describing the form.
 */
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { Form } from '../../../../src/renderer/src/components/view-kit/Form';
import { html } from '../hostile/hostile-rows';

const onSubmit = () => undefined;
const formTag = (markup: string) => /<form\b[^>]*>/.exec(markup)?.[0] ?? '';

describe('Form', () => {
  it('takes the layout as its class: grid and row, beside a class of its own', () => {
    expect(formTag(html(createElement(Form, { onSubmit, layout: 'grid' })))).toContain('class="form-grid"');
    expect(formTag(html(createElement(Form, { onSubmit, layout: 'row', className: 'x' })))).toContain(
      'class="form-row x"',
    );
  });

  it('has no layout class without a layout', () => {
    expect(formTag(html(createElement(Form, { onSubmit })))).not.toContain('class=');
  });

  it('puts the help first, above the fields, and names it as what describes the form', () => {
    const out = html(
      createElement(Form, { onSubmit, layout: 'grid', help: 'Saved on this machine.' }, 'FIELDS'),
    );
    const id = /aria-describedby="([^"]+)"/.exec(formTag(out))?.[1];
    expect(id).toBeTruthy();
    expect(out).toContain(`<p class="form-help" id="${id}">Saved on this machine.</p>FIELDS`);
  });

  it('has no help paragraph and no description without help', () => {
    const out = html(createElement(Form, { onSubmit, layout: 'grid' }, 'FIELDS'));
    expect(out).not.toContain('form-help');
    expect(formTag(out)).not.toContain('aria-describedby');
  });
});
