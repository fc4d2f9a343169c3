/**
 * The contract router: the one door into the main side. Every transport (Electron IPC, the
 * loopback web bridge, tests) hands it a call name and an untrusted input; it looks the call up
 * in the contract, parses the input with the call's zod schema and only then runs the handler.
 * Whatever happens, the answer is a `Result` value: a bad input is `bad-input` naming the field
 * (including values no JSON body could carry, see plain-data.ts),
 * a thrown handler is `internal` (details go to the log, not to the renderer).
 */
import type { z } from 'zod';
import {
  lookupCall,
  type CallDef,
  type CallName,
  type CallResult,
  type Contract,
  type Domain,
} from '../../shared/contract';
import { fail, type Result } from '../../shared/result';
import type { Logger } from '../log/logger';
import { plainDataProblem } from './plain-data';

type InputOf<N extends CallName> = N extends `${infer D extends Domain}.${infer V}`
  ? V extends keyof Contract[D]
    ? Contract[D][V] extends CallDef<infer I, unknown>
      ? z.output<I>
      : never
    : never
  : never;

export type Handler<N extends CallName> = (input: InputOf<N>) => Promise<Result<CallResult<N>>>;
export type Handlers = { [N in CallName]: Handler<N> };

export interface Router {
  dispatch(name: string, input: unknown): Promise<Result<unknown>>;
}

/** Turns zod issues into one sentence that names the offending field. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.path.length ? issue.path.map(String).join('.') : 'input';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

export function createRouter(handlers: Handlers, log: Logger): Router {
  return {
    async dispatch(name, input) {
      if (typeof name !== 'string') return fail('unknown-call', 'The call name must be a string.');
      const def = lookupCall(name);
      const handler = Object.hasOwn(handlers, name) ? (handlers as Record<string, unknown>)[name] : undefined;
      if (!def || typeof handler !== 'function')
        return fail('unknown-call', `There is no call named "${name.slice(0, 80)}".`);
      let parsed: ReturnType<typeof def.input.safeParse>;
      try {
        parsed = def.input.safeParse(input ?? {});
      } catch (error) {
        // A schema's refinement may throw on values no JSON body can hold but IPC's structured
        // clone can (a BigInt, a cycle, nesting deeper than the stack): still a refusal, not a crash.
        log.warn('router', `input of ${name} could not be checked`, error);
        return fail('bad-input', 'input: must be plain JSON data (no cycles, BigInt or extreme nesting).');
      }
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const field = first?.path.length ? first.path.map(String).join('.') : undefined;
        return fail('bad-input', describeIssues(parsed.error.issues), field !== undefined ? { field } : {});
      }
      const problem = plainDataProblem(parsed.data);
      if (problem !== null) return fail('bad-input', problem.slice(0, 300));
      try {
        const result = (await (handler as (i: unknown) => Promise<Result<unknown>>)(
          parsed.data,
        )) as Result<unknown>;
        if (!result || typeof result !== 'object' || typeof result.ok !== 'boolean') {
          log.error('router', `handler ${name} returned no Result`);
          return fail('internal', `The call ${name} failed on the main side.`);
        }
        return result;
      } catch (error) {
        log.error('router', `handler ${name} threw`, error);
        return fail('internal', `The call ${name} failed on the main side; see the log.`);
      }
    },
  };
}
