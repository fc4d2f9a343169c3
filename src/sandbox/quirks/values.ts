/**
 * Quirks that rewrite values wherever they appear in an answer (a copy, never the stored
 * records): amounts as numbers or exotic strings, timestamps in seconds, and on loans null
 * objects, null entries and values the specification does not list.
 */
import { AMOUNT_LIKE_FIELDS, EXOTIC_AMOUNTS, type SandboxQuirks } from '../../shared/sandbox-quirks';

const AMOUNT_FIELDS: ReadonlySet<string> = new Set(AMOUNT_LIKE_FIELDS);
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;
/** Epoch ms as the sandbox writes them: 12 to 14 digits (1973 to 5138). */
const MS_RE = /^\d{12,14}$/;

/** Values the specification does not list (enums.ts has none of them). */
export const UNKNOWN_LOAN_STATUS = 'on-hold';
export const UNKNOWN_LTV_STATUS = 'under-review';
export const UNKNOWN_ALLOCATION_TYPE = 'rebalance';

/** Whether any quirk of this module is set. */
export function rewritesValues(q: SandboxQuirks): boolean {
  return (
    q.numbersForStrings === true ||
    q.exoticAmounts === true ||
    q.secondsTimestamps === true ||
    q.nullObjects === true ||
    q.nullEntries === true ||
    q.unknownEnums === true
  );
}

/** A stable small hash of an id, so a loan is treated alike in every list and single read. */
export function idHash(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h;
}

function isLoan(o: Record<string, unknown>): boolean {
  return typeof o.loanId === 'string' && typeof o.loanType === 'string' && 'status' in o;
}

function isPortfolio(o: Record<string, unknown>): boolean {
  return typeof o.portfolioId === 'string' && typeof o.portfolioType === 'string' && !('walletId' in o);
}

function isCryptoAddress(o: Record<string, unknown>): boolean {
  return typeof o.cryptoAddressId === 'string' && typeof o.address === 'string';
}

function reshapeLoan(q: SandboxQuirks, loan: Record<string, unknown>): void {
  const h = idHash(loan.loanId as string);
  const embedded = loan.embedded;
  if (q.unknownEnums === true && h % 2 === 0) {
    loan.status = UNKNOWN_LOAN_STATUS;
    loan.debtRatioStatus = UNKNOWN_LTV_STATUS;
    if (typeof embedded === 'object' && embedded !== null) {
      const e = embedded as Record<string, unknown>;
      const first = Array.isArray(e.loanAllocations) ? (e.loanAllocations[0] as unknown) : undefined;
      if (typeof first === 'object' && first !== null)
        (first as Record<string, unknown>).type = UNKNOWN_ALLOCATION_TYPE;
    }
  }
  if (q.nullEntries === true && typeof embedded === 'object' && embedded !== null) {
    const e = embedded as Record<string, unknown>;
    for (const key of ['collaterals', 'counterparties', 'loanAllocations'])
      e[key] = [null, ...(Array.isArray(e[key]) ? (e[key] as unknown[]) : [])];
  }
  if (q.nullObjects === true && h % 3 === 0) loan.extra = null;
  if (q.nullObjects === true && h % 3 === 1) loan.embedded = null;
}

/** `value` with every value quirk applied; objects are rewritten in place (pass a copy). */
export function rewriteValues(q: SandboxQuirks, value: unknown): unknown {
  let amounts = 0;
  let exotic = 0;
  const amount = (v: string): string | number => {
    // About one in three, picked by position through a hash so that every field of a row gets its
    // turn (every third would hit the same fields of rows of six amounts).
    if (q.exoticAmounts === true && idHash(`amount ${amounts++}`) % 3 === 0)
      return EXOTIC_AMOUNTS[exotic++ % EXOTIC_AMOUNTS.length] as string;
    return q.numbersForStrings === true ? Number(v) : v;
  };
  const walk = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') {
      if (AMOUNT_FIELDS.has(key) && DECIMAL_RE.test(v)) return amount(v);
      if (q.secondsTimestamps === true && key.endsWith('At') && MS_RE.test(v))
        return String(Math.floor(Number(v) / 1000));
      return v;
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = walk(v[i], key);
      return v;
    }
    if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      // Values first (the loan's own amounts and times), then its shape.
      for (const k of Object.keys(o)) o[k] = walk(o[k], k);
      if (isLoan(o)) reshapeLoan(q, o);
      else if (q.nullObjects === true && (isPortfolio(o) || isCryptoAddress(o))) o.extra = null;
      return o;
    }
    return v;
  };
  return walk(value, '');
}
