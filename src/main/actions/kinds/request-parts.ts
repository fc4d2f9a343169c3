/** Small pieces the kinds' request builders share: the confirmation's fields, optional fields, refusals. */
import { fail } from '../../../shared/result';
import type { BuiltRequest } from './kind-spec';

/** Every leaf of a JSON value as `name = value`, in the order it will be sent. */
export function flattenFields(value: unknown, prefix = ''): { name: string; value: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => flattenFields(v, `${prefix}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => flattenFields(v, prefix ? `${prefix}.${k}` : k));
  }
  return [{ name: prefix || '(body)', value: typeof value === 'string' ? value : JSON.stringify(value) }];
}

/** The object without its undefined fields: an optional field the operator left out is not sent. */
export function definedOnly<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

/** Refused before anything is sent, at the field when one is at fault. */
export const refuse = (message: string, field?: string) =>
  fail('bad-input', message, field !== undefined ? { field } : {});

/** Adds the currency beside the amount fields it belongs to (exact field names). */
export const withNotes = (fields: BuiltRequest['fields'], notes: Record<string, string>) =>
  fields.map((f) => (Object.hasOwn(notes, f.name) ? { ...f, note: notes[f.name] } : f));

/** At most `max` characters (a message's mention of an object), cut between code points. */
export function clip(text: string, max = 120): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}
