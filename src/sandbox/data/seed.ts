/** Assembles the whole deterministic data set for a seed and a size. */
import type { ClearLoopAction, CryptoAddress } from '../../shared/platform/resources';
import { deriveSeed, rngFor } from '../prng';
import { buildActivities } from './activities';
import { buildCryptoAddresses } from './addresses';
import { GeneratedActivities, type ActivityList } from './generated-activities';
import { buildAgentWallets } from './agent-wallets';
import { buildClearLoopActions } from './clearloop';
import { buildLoans } from './loans';
import { buildOrganizations } from './organizations';
import { buildPortfolios, buildWallets } from './portfolios';
import { SIZE_PROFILES, type SandboxData, type SandboxSize } from './types';
import { VOCABULARIES, type SandboxVariant } from './vocabulary';

/** Counterparty organizations get this many records of each kind: enough to see, cheap to make. */
const COUNTERPARTY_RECORDS = 40;

/** `variant` changes only how open values are spelled (vocabulary.ts): the same ids, amounts, dates. */
export function buildSandboxData(
  seed: number,
  size: SandboxSize,
  variant: SandboxVariant = 'default',
): SandboxData {
  const profile = SIZE_PROFILES[size];
  const organizations = buildOrganizations(rngFor(seed, 'organizations'));
  const caller = organizations[0];
  if (caller === undefined) throw new Error('no caller organization');
  const portfolios = buildPortfolios(rngFor(seed, 'portfolios'), organizations);
  const wallets = buildWallets(rngFor(seed, 'wallets'), portfolios);
  const agentWallets = buildAgentWallets(rngFor(seed, 'agent-wallets'), organizations, portfolios);
  const loans = buildLoans(
    rngFor(seed, 'loans'),
    organizations,
    portfolios,
    profile.loans,
    VOCABULARIES[variant],
  );

  const activities = new Map<string, ActivityList>();
  const clearLoopActions = new Map<string, ClearLoopAction[]>();
  const cryptoAddresses = new Map<string, CryptoAddress[]>();
  for (const org of organizations) {
    const own = portfolios.filter((p) => p.organizationId === org.organizationId);
    const ids = own.map((p) => p.portfolioId);
    const isCaller = org.role === 'caller';
    const label = org.organizationId;
    // Each kind of record has its own stream, so that a change in one leaves the others' data as it was.
    const rng = (kind: string) => rngFor(seed, `${kind}:${label}`);
    const records = (forCaller: number) => (isCaller ? forCaller : COUNTERPARTY_RECORDS);
    activities.set(
      label,
      isCaller && profile.generatedActivities === true
        ? new GeneratedActivities(
            deriveSeed(seed, `activities:${label}`),
            label,
            org.userIds,
            ids,
            profile.activities,
          )
        : buildActivities(rng('activities'), label, org.userIds, ids, records(profile.activities)),
    );
    const clearLoopPortfolios = own.filter((p) => p.portfolioType === 'clearloop');
    clearLoopActions.set(
      label,
      buildClearLoopActions(rng('clearloop'), label, clearLoopPortfolios, records(profile.clearLoopActions)),
    );
    cryptoAddresses.set(
      label,
      buildCryptoAddresses(rng('addresses'), label, org.userIds, ids, records(profile.cryptoAddresses)),
    );
  }
  return {
    callerOrganizationId: caller.organizationId,
    organizations,
    portfolios,
    wallets,
    loans,
    activities,
    clearLoopActions,
    cryptoAddresses,
    agentWallets,
  };
}
