/**
 * Which portfolio and agent wallet the ticket names (src/renderer/src/features/agent-wallets/signer.ts):
 * the selected row, else the only active wallet, else the one portfolio all active wallets share;
 * never a guess when the console cannot tell.
 */
import { describe, expect, it } from 'vitest';
import { signerOf, type SignerView } from '../../../../src/renderer/src/features/agent-wallets/signer';
import type { AgentWallet } from '../../../../src/shared/platform/resources';

const wallet = (name: string, portfolioId: string, status: AgentWallet['status'] = 'active'): AgentWallet =>
  ({
    address: `0x${name.toLowerCase().padEnd(40, '0')}`,
    createdAt: '1',
    createdBy: 'u',
    id: name,
    name,
    orderId: 'o',
    orderStatus: 'executed',
    portfolioId,
    status,
    validUntil: null,
  }) as AgentWallet;
const names = new Map([
  ['p-desk', 'Hyperliquid Desk'],
  ['p-two', 'Second desk'],
]);
const nameOf = (id: string) => names.get(id);

const MAKER = wallet('Maker', 'p-desk');
const HEDGER = wallet('Hedger', 'p-desk');
const OTHER = wallet('Other', 'p-two');
const PENDING = wallet('Pending', 'p-two', 'pending');

describe('signerOf', () => {
  it.each<[string, AgentWallet[] | null, AgentWallet | null, Partial<SignerView>, RegExp]>([
    [
      'a selected active row',
      [MAKER, HEDGER],
      HEDGER,
      { portfolio: 'Hyperliquid Desk', wallet: 'Hedger', address: HEDGER.address },
      /^Selected in the list/,
    ],
    [
      'a selected pending row',
      [MAKER, PENDING],
      PENDING,
      { portfolio: 'Second desk', wallet: 'Pending', address: PENDING.address },
      /but pending: the platform signs only with an active/,
    ],
    [
      'the only active wallet',
      [MAKER, PENDING],
      null,
      { portfolio: 'Hyperliquid Desk', wallet: 'Maker', address: MAKER.address },
      /only active agent wallet listed/,
    ],
    [
      'several active wallets in one portfolio',
      [MAKER, HEDGER, PENDING],
      null,
      { portfolio: 'Hyperliquid Desk', wallet: null },
      /All 2 active agent wallets listed are in it/,
    ],
    [
      'active wallets in two portfolios',
      [MAKER, OTHER],
      null,
      { portfolio: null, wallet: null },
      /2 active agent wallets in 2 portfolios/,
    ],
    ['no active wallet', [PENDING], null, { portfolio: null, wallet: null }, /No active agent wallet/],
    ['the list not read yet', null, null, { portfolio: null, wallet: null }, /Reading/],
  ])('%s', (_name, wallets, selected, want, note) => {
    const view = signerOf(wallets, selected, nameOf);
    expect(view).toMatchObject(want);
    expect(view.note).toMatch(note);
  });

  it('names an unknown portfolio by its id', () => {
    expect(signerOf([wallet('Solo', 'p-unknown')], null, nameOf).portfolio).toBe('p-unknown');
  });
});
