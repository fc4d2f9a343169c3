/**
 * The contract's query schemas (src/shared/contract-inputs.ts): a filter on a list the specification
 * names but leaves open (loan statuses and types, activity and address types) takes a spelling it
 * does not list; the platform decides (issue 29.4). Empty or overlong text is still refused.
 */
import { describe, expect, it } from 'vitest';
import {
  activitiesQuery,
  cryptoAddressesQuery,
  loansQuery,
  spellingList,
} from '../../../src/shared/contract-inputs';

describe('open filter lists', () => {
  it('take a spelling the specification does not list', () => {
    expect(
      loansQuery.safeParse({ workspaceId: 'w', statuses: ['on-hold'], loanTypes: ['repo'] }).success,
    ).toBe(true);
    expect(
      activitiesQuery.safeParse({
        workspaceId: 'w',
        activityTypes: ['airdrop'],
        excludedActivityTypes: ['x'],
      }).success,
    ).toBe(true);
    expect(
      cryptoAddressesQuery.safeParse({ workspaceId: 'w', addressTypes: ['smart-contract'] }).success,
    ).toBe(true);
  });

  it('refuse empty or overlong values, and too many of them', () => {
    expect(spellingList.safeParse(['']).success).toBe(false);
    expect(spellingList.safeParse(['  ']).success).toBe(false);
    expect(spellingList.safeParse(['x'.repeat(101)]).success).toBe(false);
    expect(spellingList.safeParse(Array(501).fill('a')).success).toBe(false);
    expect(loansQuery.safeParse({ workspaceId: 'w', statuses: [7] }).success).toBe(false);
  });
});
