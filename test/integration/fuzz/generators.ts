/**
 * Deterministic hostile inputs for the contract fuzz test: random JSON values, values only IPC's
 * structured clone can carry (BigInt, cycles, NaN, Map), and structure-aware mutations of a valid
 * input (wrong types, huge and hostile strings, edge numbers, prototype keys, deep nesting,
 * missing and extra fields). Everything comes from one seeded PRNG, so a seed replays a run.
 */

import { prng } from '../../support/prng';

export { prng };

export class Gen {
  constructor(readonly random: () => number) {}
  int(max: number): number {
    return Math.floor(this.random() * max);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
}

/** Keys that have meaning to JavaScript objects: a careless merge turns them into pollution. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

/** Strings that have broken other software: markup, formulas, paths, control and odd Unicode. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  '\0',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '=HYPERLINK("http://evil.example","click")',
  '+cmd|" /C calc"!A0',
  '@SUM(1+1)*cmd|" /C calc"!A0',
  "'; DROP TABLE loans; --",
  '../../../../etc/passwd',
  '..\\..\\windows\\system32',
  '/dev/zero',
  '%s%s%s%n',
  '${process.exit(1)}',
  '{{constructor.constructor("return process")()}}',
  '__proto__',
  'constructor',
  '\u202Egnp.exe', // right-to-left override
  '\u200B\u200C\u200D\uFEFF', // zero-width characters
  '\uD800', // lone surrogate
  '\uDFFF\uD800',
  'Z̸̢̛͔͎̈́a̷̰̓l̵͖̂g̶̱̈́o̵̲͝',
  '🏦💸🔑'.repeat(20),
  'Ω≈ç√∫˜µ≤≥÷',
  '田中さんにあげて下さい',
  'http://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1:1/platform',
  'https://evil.example/platform',
  'file:///etc/passwd',
  'a'.repeat(201),
  '9'.repeat(400),
  '1'.repeat(31) + '.5',
  '-0',
  '1.0000000000000000001',
];

const HUGE = ['x'.repeat(10_001), 'é'.repeat(100_000), 'A'.repeat(1_100_000)];

export const EDGE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  1.5,
  NaN,
  Infinity,
  -Infinity,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  -1e21,
  1_000_001,
  100_000_001,
  1_600_000_000_000,
  10_000_000_000_000,
];

/** Deep nesting, built once (a 20,000-deep value is shared by every input that uses it). */
function nest(depth: number, asArray: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
}
const DEEP = [nest(64, true), nest(1_000, false), nest(20_000, true), nest(20_000, false)];

function cyclic(): unknown {
  const value: Record<string, unknown> = { a: 1 };
  value['self'] = value;
  return value;
}

/** Values a JSON body cannot carry but Electron's structured clone can. */
export function cloneOnlyValue(g: Gen): unknown {
  switch (g.int(9)) {
    case 0:
      return BigInt(g.int(1000)) * 10n ** 30n;
    case 1:
      return cyclic();
    case 2:
      return new Date(g.chance(0.5) ? NaN : 0);
    case 3:
      return new Map([['workspaceId', 'x']]);
    case 4:
      return new Set([1, 2]);
    case 5:
      return new Uint8Array(16);
    case 6:
      return undefined;
    case 7:
      return Object.assign(new Array<number>(3), { 0: 1, 2: 3 }); // a sparse array
    default:
      return g.pick([NaN, Infinity, -Infinity]);
  }
}

export function randomString(g: Gen): string {
  const roll = g.int(10);
  if (roll < 5) return g.pick(HOSTILE_STRINGS);
  if (roll < 6) return g.pick(HUGE);
  let out = '';
  const length = g.int(40);
  for (let i = 0; i < length; i++)
    out += String.fromCodePoint(g.chance(0.7) ? 32 + g.int(95) : g.int(0x10ffff + 1));
  return out;
}

/** Own-property assignment, so `__proto__` becomes a key (as JSON.parse makes it), not a prototype. */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  try {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } catch {
    // A typed array refuses some keys and values; the input stays as it was.
  }
}

/** Arrays and plain objects: the containers a mutation walks into (not Map, Date, typed arrays). */
function isContainer(value: unknown): value is Record<string, unknown> {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function randomJson(g: Gen, depth = 0): unknown {
  const roll = g.int(depth > 3 ? 6 : 9);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return g.chance(0.5);
    case 2:
      return g.pick(EDGE_NUMBERS);
    case 3:
    case 4:
      return randomString(g);
    case 5:
      return g.chance(0.2) ? cloneOnlyValue(g) : g.int(100);
    case 6:
      return Array.from({ length: g.int(5) }, () => randomJson(g, depth + 1));
    default: {
      const value: Record<string, unknown> = {};
      const keys = g.int(5);
      for (let i = 0; i < keys; i++)
        setKey(
          value,
          g.chance(0.3) ? g.pick(PROTOTYPE_KEYS) : randomString(g).slice(0, 30),
          randomJson(g, depth + 1),
        );
      return value;
    }
  }
}

type Path = Array<string | number>;

/** Every path into a value (objects and arrays), the root included, bounded in number. */
function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (out.length > 200 || !isContainer(value)) return out;
  for (const key of Object.keys(value))
    pathsOf((value as Record<string, unknown>)[key], [...prefix, key], out);
  return out;
}

function getAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) value = (value as Record<string | number, unknown>)[key];
  return value;
}

/** Mutation kinds, each a way a renderer (buggy or hostile) could get an input wrong. */
export const MUTATIONS = [
  'replace-random',
  'wrong-type',
  'hostile-string',
  'edge-number',
  'delete-field',
  'extra-field',
  'prototype-key',
  'deep-nesting',
  'clone-only',
  'swap-id',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

function wrongType(value: unknown, g: Gen): unknown {
  if (typeof value === 'string') return g.pick([Number(value) || 1, [value], { value }, true]);
  if (typeof value === 'number') return g.pick([String(value), [value], null, false]);
  if (typeof value === 'boolean') return g.pick(['true', 1, 0, 'false', null]);
  if (Array.isArray(value)) return g.pick([{ 0: value[0] }, 'a,b', value.length]);
  if (value !== null && typeof value === 'object') return g.pick([[value], 'object', 1]);
  return g.pick(['', 0, [], {}]);
}

/**
 * Applies one mutation at a random place in `input` (a fresh copy the caller owns) and returns
 * the result (the root itself may be replaced).
 */
export function mutate(input: unknown, g: Gen, ids: readonly string[]): { value: unknown; kind: Mutation } {
  const kind = g.pick(MUTATIONS);
  const paths = pathsOf(input);
  const path = g.pick(paths);
  const current = getAt(input, path);
  const parent = path.length ? (getAt(input, path.slice(0, -1)) as Record<string | number, unknown>) : null;
  const last = path[path.length - 1];
  const put = (value: unknown) => {
    if (parent === null || last === undefined) return value;
    setKey(parent as Record<string, unknown>, String(last), value);
    return input;
  };
  const containerAt = (): Record<string, unknown> | null => {
    const objects = paths
      .map((p) => getAt(input, p))
      .filter((v): v is Record<string, unknown> => isContainer(v) && !Array.isArray(v));
    return objects.length ? g.pick(objects) : null;
  };
  switch (kind) {
    case 'replace-random':
      return { value: put(randomJson(g)), kind };
    case 'wrong-type':
      return { value: put(wrongType(current, g)), kind };
    case 'hostile-string':
      return {
        value: put(
          typeof current === 'string' && g.chance(0.3) ? current + randomString(g) : randomString(g),
        ),
        kind,
      };
    case 'edge-number':
      return { value: put(g.pick(EDGE_NUMBERS)), kind };
    case 'delete-field': {
      if (parent !== null && last !== undefined) delete parent[last];
      return { value: input, kind };
    }
    case 'extra-field':
    case 'prototype-key': {
      const target = containerAt();
      if (target === null) return { value: input, kind };
      const key = kind === 'prototype-key' ? g.pick(PROTOTYPE_KEYS) : randomString(g).slice(0, 40) || 'extra';
      setKey(target, key, kind === 'prototype-key' ? { polluted: 'yes', workspaceId: 'x' } : randomJson(g));
      return { value: input, kind };
    }
    case 'deep-nesting':
      return { value: put(g.pick(DEEP)), kind };
    case 'clone-only':
      return { value: put(cloneOnlyValue(g)), kind };
    case 'swap-id':
      return { value: put(g.pick(ids)), kind };
  }
}
