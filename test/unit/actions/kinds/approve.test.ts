/**
 * `loans.approve` (src/main/actions/kinds/approve.ts): the loan is read first; a loan awaiting
 * approval that we lend is approved with a PATCH without a body; anything else is refused before a
 * request is built, with the shared rule's words.
 */
import { describe, expect, it } from 'vitest';
import { lentLoan, useBuilder } from '../../../support/fixtures/loan-kind-build';

const build = useBuilder();

describe('approve a loan', () => {
  it('builds the PATCH with no body for a loan awaiting approval', async () => {
    const built = await build(lentLoan({ status: 'awaiting-approval' }, []), {
      kind: 'loans.approve',
      loanId: 'loan-1',
    });
    expect(built.ok && [built.value.method, built.value.body, built.value.fields, built.value.check]).toEqual(
      ['PATCH', null, [], { loanId: 'loan-1' }],
    );
    expect(built.ok && built.value.contentType).toMatch(/approve/);
  });

  it('refuses a loan that is not awaiting approval, saying why, and builds nothing', async () => {
    const built = await build(lentLoan({ status: 'active' }, []), {
      kind: 'loans.approve',
      loanId: 'loan-1',
    });
    expect(built).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message: 'Only a loan awaiting approval can be approved; this one is active.',
      },
    });
  });
});
