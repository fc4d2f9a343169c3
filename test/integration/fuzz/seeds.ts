/**
 * A valid input for any contract call, for the fuzzer to mutate. Derived from the call's zod
 * schema (so calls added to the contract later get one without editing this file), with field
 * names telling which real value to use: a workspace id from the pool, a job id, an amount, a
 * timestamp. Calls whose schema the derivation cannot satisfy fall back to `{}` plus those
 * fields; the fuzz test reports how many of its inputs were valid for each call.
 */
import { isAbsolute, join } from 'node:path';
import type { z } from 'zod';
import type { Gen } from './generators';

export interface Pool {
  /** The built-in sandbox workspace. */
  builtIn: string;
  /** A second workspace on the embedded sandbox, with a key in the keychain. */
  fuzz: string;
  /** Ids that name nothing. */
  unknown: readonly string[];
  /** A folder where exports may be written. */
  exportDir: string;
  next(): number;
  /** Real values for some fields, by lower-cased field name (portfolio and loan ids). */
  known: Record<string, readonly string[]>;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  options?: z.ZodType[];
  in?: z.ZodType;
  checks?: Array<{ _zod: { def: { check: string; value?: number; minimum?: number } } }>;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function workspaceFor(g: Gen, pool: Pool): string {
  const roll = g.int(10);
  return roll < 4 ? pool.builtIn : roll < 8 ? pool.fuzz : g.pick(pool.unknown);
}

/** A value for a field, from its name first, else from its schema. */
function byName(key: string, g: Gen, pool: Pool): unknown {
  const k = key.toLowerCase();
  const known = pool.known[k];
  if (known?.length && g.chance(0.8)) return g.pick(known);
  if (k === 'workspaceid' || k === 'id') return workspaceFor(g, pool);
  if (k === 'jobid') return `fuzz-job-${pool.next()}`;
  if (k === 'filepath') return join(pool.exportDir, `fuzz-${pool.next()}.csv`);
  if (k === 'suggestedname') return `fuzz-${pool.next()}.csv`;
  if (k === 'nonce') return Date.now();
  if (k === 'maxrows') return 25;
  if (k === 'vaultaddress') return `0x${'ab'.repeat(20)}`;
  if (k === 'passphrase') return 'fuzz passphrase that is wrong';
  if (k.includes('timestamp') || k.includes('date') || k === 'createdfrom' || k === 'createdto')
    return String(Date.now() - 86_400_000);
  if (k.includes('amount') || k.endsWith('ltv')) return '10.5';
  if (k.endsWith('currency')) return g.pick(['BTC', 'ETH', 'USDC']);
  if (k === 'baseurl') return undefined; // the environment's default; a random one is the fuzzer's job
  if (k === 'environment') return 'demo';
  return undefined;
}

/** Derives a value that satisfies `schema` as far as its shape says (refinements aside). */
export function derive(schema: z.ZodType, g: Gen, pool: Pool, key = ''): unknown {
  const named = key ? byName(key, g, pool) : undefined;
  if (named !== undefined) return named;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [field, child] of Object.entries(def.shape ?? {})) {
        const value = derive(child, g, pool, field);
        if (value !== undefined) out[field] = value;
      }
      return out;
    }
    case 'optional':
      // Mostly present, so the fuzzer mutates real fields; sometimes absent.
      return g.chance(0.6) && def.innerType ? derive(def.innerType, g, pool, key) : undefined;
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
      return def.innerType ? derive(def.innerType, g, pool, key) : null;
    case 'pipe':
      return def.in ? derive(def.in, g, pool, key) : undefined;
    case 'array':
      return def.element
        ? Array.from({ length: 1 + g.int(2) }, () => derive(def.element!, g, pool, key))
        : [];
    case 'enum':
      return g.pick(Object.values(def.entries ?? { a: 'a' }));
    case 'literal':
      return def.values?.[0];
    case 'union':
      return def.options?.length ? derive(def.options[0]!, g, pool, key) : undefined;
    case 'boolean':
      return g.chance(0.5);
    case 'number': {
      const min = def.checks?.find((c) => c._zod.def.check === 'greater_than')?._zod.def.value;
      return Math.max(1, typeof min === 'number' ? min : 1);
    }
    case 'string':
      return `fuzz-${g.int(1000)}`;
    case 'record':
      return { tab: 'loans', columns: ['a', 'b'] };
    default:
      return null;
  }
}

/** A valid input for `schema` when derivation finds one in a few tries; else the last attempt. */
export function seedFor(schema: z.ZodType, g: Gen, pool: Pool): { input: unknown; valid: boolean } {
  let input: unknown = {};
  for (let attempt = 0; attempt < 8; attempt++) {
    input = derive(schema, g, pool);
    if (schema.safeParse(input).success) return { input, valid: true };
  }
  return { input, valid: false };
}

/**
 * The exporter writes wherever an absolute `.csv` path points (the operator chooses it); the
 * fuzzer must not scatter files over this machine, so paths outside its folder are redirected
 * into it (still absolute, still whatever name the mutation made, minus directories).
 */
export function confineExportPath(input: unknown, pool: Pool): unknown {
  if (input === null || typeof input !== 'object' || !('filePath' in input)) return input;
  const record = input as Record<string, unknown>;
  const filePath = record['filePath'];
  // Relative paths and NUL bytes are refused before any write: leave them for the app to refuse.
  if (typeof filePath !== 'string' || !isAbsolute(filePath) || filePath.includes('\0')) return input;
  const normalised = join(filePath);
  if (normalised.startsWith(pool.exportDir + '/')) return input;
  const name = normalised.split('/').pop() || 'x.csv';
  record['filePath'] = join(pool.exportDir, `redirected-${pool.next()}-${name}`);
  return input;
}
