/**
 * Rows as a platform may send them and the sandbox never does (issue 25): every field, every nested
 * object and every array entry of a sample row, one at a time, replaced by null; every leaf at once
 * null; every leaf a JSON number kept with its digits (`{jsonNumber}`); every leaf text that is not
 * what was promised. The view-model tests render each module over all of them.
 */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { jsonNumberText } from '../../../../src/shared/json-number';

type Json = unknown;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The copy of `root` with the value at `path` replaced. */
function setAt(root: Json, path: readonly (string | number)[], value: unknown): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setAt(root[head as number], rest, value);
    return copy;
  }
  const obj = root as Record<string, unknown>;
  return { ...obj, [head as string]: setAt(obj[head as string], rest, value) };
}

/** Every path into `root` (objects' keys, arrays' entries), parents before children. */
function paths(root: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (Array.isArray(root))
    root.forEach((v, i) => {
      out.push([...prefix, i], ...paths(v, [...prefix, i]));
    });
  else if (isObject(root))
    for (const [k, v] of Object.entries(root)) out.push([...prefix, k], ...paths(v, [...prefix, k]));
  return out;
}

/** Every leaf (non-object, non-array value) replaced by `f(leaf)`. */
function mapLeaves(root: Json, f: (leaf: unknown) => unknown): Json {
  if (Array.isArray(root)) return root.map((v) => mapLeaves(v, f));
  if (isObject(root)) return Object.fromEntries(Object.entries(root).map(([k, v]) => [k, mapLeaves(v, f)]));
  return f(root);
}

export interface Variant<T> {
  name: string;
  row: T;
}

/** The hostile variants of `sample`, each named after what was changed. */
export function hostileVariants<T>(sample: T): Variant<T>[] {
  const out: Variant<T>[] = [{ name: 'as sampled', row: sample }];
  for (const p of paths(sample)) out.push({ name: `${p.join('.')}: null`, row: setAt(sample, p, null) as T });
  out.push({ name: 'every leaf null', row: mapLeaves(sample, () => null) as T });
  out.push({
    name: 'every leaf a kept JSON number',
    row: mapLeaves(sample, () => jsonNumberText('18446744073709551617.000000000000000001')) as T,
  });
  out.push({ name: 'every leaf a JS number', row: mapLeaves(sample, () => 1.5e21) as T });
  out.push({ name: 'every leaf exotic text', row: mapLeaves(sample, () => '0x10') as T });
  out.push({ name: 'every leaf an object', row: mapLeaves(sample, () => ({ a: 1 })) as T });
  for (const p of paths(sample).filter((p) => isObject(getAt(sample, p)) || Array.isArray(getAt(sample, p))))
    out.push({ name: `${p.join('.')}: a string`, row: setAt(sample, p, 'oops') as T });
  return out;
}

function getAt(root: Json, path: readonly (string | number)[]): unknown {
  let v: unknown = root;
  for (const k of path) v = (v as Record<string | number, unknown>)?.[k];
  return v;
}

/** Renders a component to HTML (no DOM needed): throws where a screen would crash. */
export function html(node: ReactNode): string {
  return renderToStaticMarkup(createElement('div', null, node));
}

/** `fn` over every variant; a failure names the variant. */
export function eachVariant<T>(sample: T, fn: (row: T) => void): void {
  for (const v of hostileVariants(sample)) {
    try {
      fn(v.row);
    } catch (e) {
      throw new Error(`${v.name}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  }
}

import type { ColumnSpec } from '../../../../src/renderer/src/components/data-table/types';
import { renderCell } from '../../../../src/renderer/src/components/data-table/cells';
import { sortRows } from '../../../../src/renderer/src/components/data-table/sort';

/** Every cell of every column rendered, and every column sorted, over every variant of `sample`. */
export function renderColumns<T>(columns: readonly ColumnSpec<T>[], sample: T): void {
  renderRows(
    columns,
    hostileVariants(sample).map((v) => v.row),
  );
}

/** Every cell of every column rendered, and every column sorted, over `rows`. */
export function renderRows<T>(columns: readonly ColumnSpec<T>[], rows: readonly T[]): void {
  rows.forEach((row, i) => {
    for (const c of columns) {
      try {
        html(renderCell(c, row));
      } catch (e) {
        throw new Error(`row ${i}, column ${c.id}: ${e instanceof Error ? e.message : String(e)}`, {
          cause: e,
        });
      }
    }
  });
  for (const c of columns)
    for (const desc of [false, true]) {
      try {
        sortRows(rows, columns, { id: c.id, desc });
      } catch (e) {
        throw new Error(`sorting by ${c.id}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
    }
}
