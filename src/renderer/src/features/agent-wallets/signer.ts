/**
 * Which portfolio and agent wallet an exchange request goes through, as far as the console knows.
 * The body of `POST /exchange` names neither (platform-facts: `{action, nonce, vaultAddress?}`): the
 * platform signs with the API key's agent wallet. So the ticket names the agent wallet selected in
 * the list, or the only active one the console sees, and says plainly when it cannot tell.
 */
import type { AgentWallet } from '@shared/platform/resources';

export interface SignerView {
  /** The portfolio's name (or id), when one wallet is named. */
  portfolio: string | null;
  /** "Desk hot wallet", when one wallet is named. */
  wallet: string | null;
  /** That wallet's address, whole (the ticket shows it with FullAddress, never cut). */
  address: string | null;
  /** How sure that is, in words. */
  note: string;
}

const named = (w: AgentWallet, nameOf: (portfolioId: string) => string | undefined) => ({
  portfolio: nameOf(w.portfolioId) ?? w.portfolioId,
  wallet: w.name,
  address: w.address,
});

const NAMES_NONE = 'The body names no portfolio: the platform signs with the API key’s agent wallet.';

/** `wallets`: the agent wallets listed (null while loading); `selected`: the row picked, if any. */
export function signerOf(
  wallets: readonly AgentWallet[] | null,
  selected: AgentWallet | null,
  nameOf: (portfolioId: string) => string | undefined,
): SignerView {
  if (selected)
    return {
      ...named(selected, nameOf),
      note:
        selected.status === 'active'
          ? `Selected in the list. ${NAMES_NONE}`
          : `Selected in the list, but ${selected.status}: the platform signs only with an active agent wallet of the API key.`,
    };
  if (wallets === null)
    return { portfolio: null, wallet: null, address: null, note: 'Reading the agent wallets…' };
  const active = wallets.filter((w) => w.status === 'active');
  const only = active.length === 1 ? active[0] : undefined;
  if (only) return { ...named(only, nameOf), note: `The only active agent wallet listed. ${NAMES_NONE}` };
  if (active.length === 0)
    return {
      portfolio: null,
      wallet: null,
      address: null,
      note: 'No active agent wallet is listed: the platform is likely to refuse the request.',
    };
  const portfolioIds = [...new Set(active.map((w) => w.portfolioId))];
  const [onlyPortfolio] = portfolioIds;
  if (portfolioIds.length === 1 && onlyPortfolio !== undefined)
    return {
      portfolio: nameOf(onlyPortfolio) ?? onlyPortfolio,
      wallet: null,
      address: null,
      note: `All ${active.length} active agent wallets listed are in it; the platform signs with the API key’s.`,
    };
  return {
    portfolio: null,
    wallet: null,
    address: null,
    note:
      `${active.length} active agent wallets in ${portfolioIds.length} portfolios; ` +
      'the platform picks the API key’s, which the console cannot see.',
  };
}
