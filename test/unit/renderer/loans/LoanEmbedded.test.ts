/** A loan's embedded sections under null objects and null list entries (issue 25). */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { LoanEmbedded } from '../../../../src/renderer/src/features/loans/LoanEmbedded';
import type { LoanEmbedded as Embedded } from '../../../../src/shared/platform/resources';
import { eachVariant, html } from '../hostile/hostile-rows';
import { sampleLoan } from '../hostile/samples';

describe('LoanEmbedded', () => {
  it('renders every variant of the embedded data', () => {
    eachVariant(sampleLoan.embedded, (embedded) => html(createElement(LoanEmbedded, { embedded })));
  });

  it('leaves null entries out and counts them', () => {
    const embedded = {
      ...sampleLoan.embedded,
      collaterals: [null, ...(sampleLoan.embedded?.collaterals ?? [])],
      loanAllocations: null,
    } as unknown as Embedded;
    const out = html(createElement(LoanEmbedded, { embedded }));
    expect(out).toContain(`Collaterals (${sampleLoan.embedded?.collaterals?.length})`);
    expect(out).toContain('1 empty entry left out');
  });
});
