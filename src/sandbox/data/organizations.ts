/** The caller's organization and its counterparties, with their counterparty records. */
import type { Rng } from '../prng';
import type { Organization } from './types';

const ORGS: readonly { name: string; description: string; type: string }[] = [
  {
    name: 'Copper Sandbox Operator Ltd',
    description: 'The organization of the sandbox API key',
    type: 'standard',
  },
  { name: 'Northwind Capital', description: 'Bilateral lending desk', type: 'standard' },
  { name: 'Bluefin "Markets", LLC', description: '<img src=x onerror=alert(1)>', type: 'agency-desk' },
  { name: 'Aurora Exchange', description: '=HYPERLINK("http://x")', type: 'clearloop-exchange' },
];

export function buildOrganizations(rng: Rng): Organization[] {
  return ORGS.map((spec, i) => {
    const organizationId = rng.uuid();
    return {
      organizationId,
      name: spec.name,
      role: i === 0 ? 'caller' : 'counterparty',
      userIds: Array.from({ length: 6 }, () => rng.uuid()),
      counterparty: {
        counterpartyId: rng.uuid(),
        counterpartyName: spec.name,
        counterpartyType: spec.type,
        networkTag: spec.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        counterpartyDescription: spec.description,
        extra: spec.type === 'clearloop-exchange' ? { exchangeId: 'aurora' } : {},
        imageId: rng.uuid(),
        priority: String(i),
        tags: i === 1 ? ['featured'] : [],
      },
    };
  });
}
