/** A partial repayment acceptance is called out: "partial: 10 of 27.19 BTC" (issue 29, item 10). */
import { describe, expect, it } from 'vitest';
import { partialAcceptance } from '../../../src/shared/repayment-extent';

describe('partialAcceptance', () => {
  it('names the amount and the request when less is accepted', () => {
    expect(partialAcceptance('10', '27.19', 'BTC')).toBe('partial: 10 of 27.19 BTC');
    // Compared as decimals, not as text: "9" is below "10.5" although "9" > "1" as a string.
    expect(partialAcceptance('9', '10.5', 'USDC')).toBe('partial: 9 of 10.5 USDC');
    expect(partialAcceptance('27.189999999999999999', '27.19', 'BTC')).toBe(
      'partial: 27.189999999999999999 of 27.19 BTC',
    );
  });

  it.each([
    ['the full request', '27.19', '27.19'],
    ['the full request with other trailing zeros', '27.190', '27.19'],
    ['more than requested', '30', '27.19'],
    ['zero', '0', '27.19'],
    ['no amount', '', '27.19'],
    ['no request', '10', null],
    ['a request sent as a JSON number', '10', 27.19],
  ])('says nothing for %s', (_, amount, requested) => {
    expect(partialAcceptance(amount, requested, 'BTC')).toBeNull();
  });
});
