/**
 * Query parameters, parsed with zod. Each list operation declares one schema per name of
 * QUERY_NAMES (src/shared/platform/query-names.ts), the table the client builds its queries from:
 * the compiler refuses a missing or extra name, and a request with any other name is a 400.
 *
 * Lists are accepted comma-separated and as repeated keys (the client sends a repeated key when an
 * item holds a comma); scalars must appear once; an empty value counts as absent. Every refusal
 * names the parameter: `limit: must be an integer between 1 and 1000`.
 */
import { z } from 'zod';
import { QUERY_NAMES, type QueryName, type QueryOperation } from '../shared/platform/query-names';
import { badRequest } from './errors';
import { parseOr400 } from './validation';

const MAX_LIST_ENTRIES = 1000;
const MAX_ENTRY_LENGTH = 500;
const INT_RE = /^\d{1,15}$/;

/** The bounds of each `param.int` schema, for parseQuery's fast path. */
const INT_BOUNDS = new WeakMap<z.ZodType, { min: number; max: number }>();

/** One parameter's schema; its input is the (single) string, or the list of entries for lists. */
export const param = {
  string: (maxLength = 500) => z.string().max(maxLength, `must be at most ${maxLength} characters`),
  int: (min: number, max: number) => {
    const wrong = `must be an integer between ${min} and ${max}`;
    const schema = z
      .string()
      .regex(INT_RE, wrong)
      .transform(Number)
      .pipe(z.number().min(min, wrong).max(max, wrong));
    INT_BOUNDS.set(schema, { min, max });
    return schema;
  },
  /** Epoch milliseconds. */
  timestamp: () =>
    z
      .string()
      .regex(/^\d{1,16}$/, 'must be a timestamp in epoch milliseconds')
      .transform(Number),
  /** Only `true` and `false`. */
  bool: () => z.enum(['true', 'false'], 'must be true or false').transform((v) => v === 'true'),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) =>
    z.enum(values, `must be one of ${values.join(', ')}`),
  list: () => z.array(z.string()),
  enumList: <const T extends readonly [string, ...string[]]>(values: T) =>
    z.array(
      z.enum(values, {
        error: (issue) => `contains an unknown value: ${JSON.stringify(String(issue.input).slice(0, 60))}`,
      }),
    ),
};

/** `offset` from 0 and `limit` from 1 to `max`, with the operation's default. */
export const paging = (def: number, max: number) => ({
  limit: param.int(1, max).default(def),
  offset: param.int(0, 100_000_000).default(0),
});

interface IntParam {
  min: number;
  max: number;
  /** This parameter's bit in fastParse's set of names already read. */
  bit: number;
}

export interface QuerySchema<T> {
  names: readonly string[];
  lists: ReadonlySet<string>;
  schema: z.ZodType<T>;
  /** The integer parameters (`limit`, `offset`) and their bounds: see `fastParse`. */
  ints?: ReadonlyMap<string, IntParam>;
  /** What the schema makes of an empty query, once; null when that is refused. */
  defaults?: { value: T | null };
}

/** The schema inside `.optional()` and `.default()`. */
const unwrap = (schema: z.ZodType): z.ZodType => {
  let inner = schema;
  for (;;) {
    const def = inner._zod.def;
    if ((def.type !== 'optional' && def.type !== 'default') || !('innerType' in def)) return inner;
    inner = def.innerType as z.ZodType;
  }
};

const isList = (schema: z.ZodType): boolean => unwrap(schema)._zod.def.type === 'array';

function intsOf(shape: Record<string, z.ZodType>, names: readonly string[]) {
  const ints = new Map<string, IntParam>();
  for (const n of names) {
    const bounds = INT_BOUNDS.get(unwrap(shape[n] as z.ZodType));
    // A bit per integer parameter, for fastParse's repeat check; more than 30 is never needed.
    if (bounds !== undefined && ints.size < 30) ints.set(n, { ...bounds, bit: 1 << ints.size });
  }
  return ints;
}

/** The schema of one operation's query: exactly one entry per name of QUERY_NAMES[operation]. */
export function querySchema<K extends QueryOperation, Shape extends { [N in QueryName<K>]: z.ZodType }>(
  operation: K,
  shape: Shape & { [X in Exclude<keyof Shape, QueryName<K>>]: never },
): QuerySchema<z.output<z.ZodObject<Shape>>> {
  const names: readonly string[] = QUERY_NAMES[operation];
  return {
    names,
    lists: new Set(names.filter((n) => isList((shape as Record<string, z.ZodType>)[n] as z.ZodType))),
    schema: z.object(shape) as unknown as z.ZodType<z.output<z.ZodObject<Shape>>>,
    ints: intsOf(shape as Record<string, z.ZodType>, names),
  };
}

/** The query of a sandbox control (not a platform operation, so not in QUERY_NAMES). */
export function controlQuerySchema<Shape extends Record<string, z.ZodType>>(
  shape: Shape,
): QuerySchema<z.output<z.ZodObject<Shape>>> {
  const names = Object.keys(shape);
  return {
    names,
    lists: new Set(names.filter((n) => isList(shape[n] as z.ZodType))),
    schema: z.object(shape) as unknown as z.ZodType<z.output<z.ZodObject<Shape>>>,
  };
}

/** Operations whose request takes no query parameter at all. */
export const NO_QUERY: QuerySchema<Record<string, never>> = {
  names: [],
  lists: new Set(),
  schema: z.object({}) as unknown as z.ZodType<Record<string, never>>,
};

function entriesOf(name: string, values: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const item = part.trim();
      if (item === '') continue;
      if (item.length > MAX_ENTRY_LENGTH)
        throw badRequest(`${name}: has an entry longer than ${MAX_ENTRY_LENGTH} characters`);
      out.push(item);
    }
  }
  if (out.length > MAX_LIST_ENTRIES) throw badRequest(`${name}: has more than ${MAX_LIST_ENTRIES} entries`);
  return out;
}

/**
 * The common query of a page walk, only well-formed integers in range (`limit`, `offset`), read
 * without zod: the schema's answer for an empty query with those numbers set, exactly what zod
 * would answer. Anything else (another name, a repeated or empty value, a number out of range)
 * answers undefined and goes through zod, which also words the refusal. Zod cost 14 µs per page
 * request, a tenth of the sandbox's time under load (bench/3-sandbox-throughput.ts).
 */
function fastParse<T>(query: QuerySchema<T>, params: URLSearchParams): T | undefined {
  const ints = query.ints;
  if (ints === undefined || ints.size === 0) return undefined;
  query.defaults ??= { value: defaultsOf(query.schema) };
  const base = query.defaults.value;
  if (base === null) return undefined;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  // The names already read, as bits of their place in `ints` (no Set per request).
  let seen = 0;
  for (const [name, value] of params) {
    const bounds = ints.get(name);
    if (bounds === undefined || (seen & bounds.bit) !== 0 || !INT_RE.test(value)) return undefined;
    const n = Number(value);
    if (n < bounds.min || n > bounds.max) return undefined;
    seen |= bounds.bit;
    out[name] = n;
  }
  return out as T;
}

function defaultsOf<T>(schema: z.ZodType<T>): T | null {
  const parsed = schema.safeParse({});
  return parsed.success ? parsed.data : null;
}

/** Reads `params` with `query`; throws the 400 that names the first wrong (or unknown) parameter. */
export function parseQuery<T>(query: QuerySchema<T>, params: URLSearchParams): T {
  const fast = fastParse(query, params);
  if (fast !== undefined) return fast;
  const input: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    if (!query.names.includes(name))
      throw badRequest(
        `${name.slice(0, 60)}: is not a query parameter of this operation; ${
          query.names.length === 0 ? 'it takes none' : `use ${query.names.join(', ')}`
        }`,
      );
    const values = params.getAll(name);
    if (query.lists.has(name)) {
      const entries = entriesOf(name, values);
      if (entries.length > 0) input[name] = entries;
    } else {
      if (values.length > 1) throw badRequest(`${name}: must be given once`);
      if (values[0] !== undefined && values[0] !== '') input[name] = values[0];
    }
  }
  return parseOr400(query.schema, input);
}
