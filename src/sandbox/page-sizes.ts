/**
 * The sandbox's per-list page size setting (issue 30): how large a page each list operation
 * serves, and what it does when a larger `limit` is asked. Without a setting a list serves up to
 * PAGE_LIMITS' `max` and answers 400 above it (the paging schema, query.ts); with one:
 *
 * - `{ max: N, over: 'refuse' }`: serves up to N rows, answers 400 above N;
 * - `{ max: N, over: 'cap' }`: serves at most N rows whatever `limit` asked, without saying so
 *   (the cap is applied through `limit`, so CSV pages are capped by rows, not cut mid-record).
 *
 * Set with `POST /sandbox/page-sizes` (`GET` reads it, `DELETE` and `POST /sandbox/reset` clear
 * it) or `--page-sizes '<json>'` on the command line. Tests cover a platform that serves 10,000
 * activities, one that caps them at 1,000 silently and one that answers 400 above 1,000.
 */
import { z } from 'zod';
import { PAGE_LIMITS, type PagedOperation } from '../shared/platform/page-limits';
import { parseJsonObject } from './body';
import type { ControlPanel } from './controls';
import { badRequest } from './errors';
import { listKeyOf } from './quirks';

const rule = (operation: PagedOperation) => {
  const range = `must be an integer between 1 and ${PAGE_LIMITS[operation].max} (the contract's largest page)`;
  return z
    .strictObject({
      max: z.number(range).int(range).min(1, range).max(PAGE_LIMITS[operation].max, range),
      over: z.enum(['cap', 'refuse'], 'must be "cap" or "refuse"'),
    })
    .optional();
};

export const pageSizeRulesSchema = z.strictObject({
  portfolios: rule('portfolios'),
  wallets: rule('wallets'),
  loans: rule('loans'),
  clearLoopActions: rule('clearLoopActions'),
  activities: rule('activities'),
  cryptoAddresses: rule('cryptoAddresses'),
});
export type PageSizeRules = z.infer<typeof pageSizeRulesSchema>;

/** The list's answer key (quirks/lists.ts) → its operation. */
const OPERATION_OF_LIST: Readonly<Record<string, PagedOperation>> = {
  portfolios: 'portfolios',
  wallets: 'wallets',
  loans: 'loans',
  actions: 'clearLoopActions',
  activities: 'activities',
  cryptoAddresses: 'cryptoAddresses',
};

/** The rules, or a readable reason they are refused. */
export function parsePageSizeRules(value: unknown): PageSizeRules {
  const parsed = pageSizeRulesSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.map(String).join('.') ?? '';
  throw badRequest(`invalid page sizes: ${where === '' ? '' : `${where}: `}${issue?.message ?? 'not valid'}`);
}

export class PageSizeSetting {
  private rules: PageSizeRules;

  constructor(initial: PageSizeRules = {}) {
    this.rules = structuredClone(initial);
  }

  get(): PageSizeRules {
    return structuredClone(this.rules);
  }

  set(rules: PageSizeRules): void {
    this.rules = structuredClone(rules);
  }

  /** The query the list is served with: `limit` capped, or a 400 thrown, per the list's rule. */
  apply(method: string, path: string, params: URLSearchParams): URLSearchParams {
    if (!hasAnyRule(this.rules)) return params; // the usual case: no lookup per request
    const list = listKeyOf(method, path);
    const operation = list === undefined ? undefined : OPERATION_OF_LIST[list];
    const setting = operation === undefined ? undefined : this.rules[operation];
    if (operation === undefined || setting === undefined) return params;
    const raw = params.get('limit');
    const asked = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : PAGE_LIMITS[operation].default;
    if (asked <= setting.max) return params;
    if (setting.over === 'refuse')
      throw badRequest(`limit: must be at most ${setting.max} (this platform's largest page)`);
    const capped = new URLSearchParams(params);
    capped.set('limit', String(setting.max));
    return capped;
  }
}

function hasAnyRule(rules: PageSizeRules): boolean {
  for (const key in rules) if (rules[key as keyof PageSizeRules] !== undefined) return true;
  return false;
}

export function registerPageSizeControls(panel: ControlPanel, setting: PageSizeSetting): void {
  panel.onReset(() => setting.set({}));
  panel.register('GET', '/page-sizes', () => ({ status: 200, json: { pageSizes: setting.get() } }));
  panel.register('POST', '/page-sizes', (req) => {
    setting.set(parsePageSizeRules(parseJsonObject(req.body)));
    return { status: 200, json: { pageSizes: setting.get() } };
  });
  panel.register('DELETE', '/page-sizes', () => {
    setting.set({});
    return { status: 200, json: { pageSizes: setting.get() } };
  });
}
