/**
 * Reads query parameters with platform-facts' names. Lists are accepted comma-separated and as
 * repeated keys; scalars must appear once. Every refusal names the parameter.
 */
import { badRequest } from './errors';

const INT_RE = /^\d{1,15}$/;
const MAX_LIST_ENTRIES = 1000;

export interface IntRule {
  min: number;
  max: number;
  def?: number;
}

export class QueryReader {
  constructor(private readonly params: URLSearchParams) {}

  /** A scalar string; an empty value counts as absent. */
  string(name: string, maxLength = 500): string | undefined {
    const values = this.params.getAll(name);
    if (values.length === 0) return undefined;
    if (values.length > 1) throw badRequest(`${name} must be given once`);
    const value = values[0] ?? '';
    if (value.length > maxLength) throw badRequest(`${name} must be at most ${maxLength} characters`);
    return value === '' ? undefined : value;
  }

  int(name: string, rule: IntRule & { def: number }): number;
  int(name: string, rule: IntRule): number | undefined;
  int(name: string, rule: IntRule): number | undefined {
    const raw = this.string(name, 32);
    if (raw === undefined) return rule.def;
    const value = INT_RE.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < rule.min || value > rule.max) {
      throw badRequest(`${name} must be an integer between ${rule.min} and ${rule.max}`);
    }
    return value;
  }

  /** Epoch milliseconds. */
  timestamp(name: string): number | undefined {
    const raw = this.string(name, 32);
    if (raw === undefined) return undefined;
    if (!/^\d{1,16}$/.test(raw)) throw badRequest(`${name} must be a timestamp in epoch milliseconds`);
    return Number(raw);
  }

  bool(name: string, def: boolean): boolean;
  bool(name: string): boolean | undefined;
  bool(name: string, def?: boolean): boolean | undefined {
    const raw = this.string(name, 16);
    if (raw === undefined) return def;
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    throw badRequest(`${name} must be true or false`);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], def: T): T;
  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined;
  oneOf<T extends string>(name: string, allowed: readonly T[], def?: T): T | undefined {
    const raw = this.string(name, 200);
    if (raw === undefined) return def;
    if (!(allowed as readonly string[]).includes(raw)) {
      throw badRequest(`${name} must be one of ${allowed.join(', ')}`);
    }
    return raw as T;
  }

  /** A list: `a,b` and `k=a&k=b` both work; empty entries are dropped; empty list = absent. */
  list(name: string): string[] | undefined {
    const values = this.params.getAll(name);
    if (values.length === 0) return undefined;
    const out: string[] = [];
    for (const value of values) {
      for (const part of value.split(',')) {
        const item = part.trim();
        if (item === '') continue;
        if (item.length > 500) throw badRequest(`${name} has an entry longer than 500 characters`);
        out.push(item);
      }
    }
    if (out.length > MAX_LIST_ENTRIES) throw badRequest(`${name} has more than ${MAX_LIST_ENTRIES} entries`);
    return out.length === 0 ? undefined : out;
  }

  enumList<T extends string>(name: string, allowed: readonly T[]): T[] | undefined {
    const items = this.list(name);
    if (items === undefined) return undefined;
    for (const item of items) {
      if (!(allowed as readonly string[]).includes(item)) {
        throw badRequest(`${name} contains an unknown value: ${JSON.stringify(item.slice(0, 60))}`);
      }
    }
    return items as T[];
  }
}

/** Common paging: `offset` from 0, `limit` from 1 to `max` with a per-operation default. */
export function readPaging(q: QueryReader, def: number, max: number): { limit: number; offset: number } {
  return {
    limit: q.int('limit', { min: 1, max, def }),
    offset: q.int('offset', { min: 0, max: 100_000_000, def: 0 }),
  };
}
