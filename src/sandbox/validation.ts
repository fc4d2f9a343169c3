/**
 * zod schemas → the platform's 400 envelope. Bodies and queries are parsed with zod (shared with
 * src/shared where the client has the same shape); a refusal names the first wrong field by its
 * path, `<field>: <what is wrong>` (e.g. `action.orders[0].t.limit.tif: must be one of Alo, Ioc, Gtc`),
 * because a client author fixes one field at a time.
 */
import type { z } from 'zod';
import { badRequest, type HttpError } from './errors';

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** `['orders', 0, 'p']` → `orders[0].p`. */
export function fieldPath(path: Path): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out;
}

const valueAt = (input: unknown, path: Path): unknown => {
  let v = input;
  for (const p of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
};

const deepestPathLength = (issues: readonly Issue[]): number => Math.max(...issues.map((i) => i.path.length));

/**
 * Inside a union the input was meant for the branch that got furthest (`{limit:{tif:"Fok"}}`
 * reached `limit.tif` in the limit branch and failed at once in the trigger branch): report that
 * branch's issue, with the union's path in front.
 */
function firstIssue(issue: Issue, prefix: Path): { issue: Issue; path: Path } {
  const path = [...prefix, ...issue.path];
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { issue, path };
  let best = issue.errors[0] ?? [];
  for (const branch of issue.errors) if (deepestPathLength(branch) > deepestPathLength(best)) best = branch;
  const inner = [...best].sort((a, b) => b.path.length - a.path.length)[0];
  if (inner === undefined || deepestPathLength(best) === 0) return { issue, path };
  return firstIssue(inner, path);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

const quoted = (keys: readonly string[]): string =>
  keys.map((k) => JSON.stringify(k.slice(0, 60))).join(', ');

/** zod's own wording; a schema's own message says more and is kept. */
const DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized)/;

/** What is wrong, in words that say what to fix. */
function problemOf(issue: Issue, input: unknown, path: Path): string {
  if (issue.code === 'invalid_type' && valueAt(input, path) === undefined) return 'is required';
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown field(s) ${quoted(issue.keys)}`;
    case 'invalid_union':
      if ('options' in issue && Array.isArray(issue.options))
        return `must be one of ${issue.options.map(String).join(', ')}`;
      return 'matches none of the accepted shapes';
    default:
      return issue.message;
  }
}

export interface RefusalContext {
  /** Prefixed to every path, e.g. `action` for an action parsed on its own. */
  root?: string;
  /** Appended to an unknown-field refusal at the top level: what the body should be. */
  expected?: string;
}

/** The 400 for a failed parse: the first issue, `<field>: <what is wrong>`. */
export function refusal(error: z.ZodError, input: unknown, ctx: RefusalContext = {}): HttpError {
  // An unknown field often explains a missing one (a typo): name it first.
  const first = error.issues.find((i) => i.code === 'unrecognized_keys') ?? error.issues[0];
  if (first === undefined) return badRequest('request is invalid');
  const { issue, path } = firstIssue(first, []);
  const problem = problemOf(issue, input, path);
  const field = fieldPath(path);
  const name =
    ctx.root === undefined || field === ''
      ? (ctx.root ?? field)
      : `${ctx.root}${field.startsWith('[') ? '' : '.'}${field}`;
  if (name === '') {
    const hint = issue.code === 'unrecognized_keys' && ctx.expected !== undefined ? `: ${ctx.expected}` : '';
    return badRequest(`${problem}${hint}`);
  }
  return badRequest(`${name}: ${problem}`);
}

/** Parses `input` with `schema` or throws the 400 that names the first wrong field. */
export function parseOr400<S extends z.ZodType>(
  schema: S,
  input: unknown,
  ctx?: RefusalContext,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw refusal(parsed.error, input, ctx);
  return parsed.data;
}
