/**
 * Profiling for the browser benchmarks (set BENCH_PROFILE=<dir>): a Chromium performance trace
 * (CDP Tracing, timeline categories) and a JS CPU profile (CDP Profiler) around one measured
 * step, saved to <dir>, and summarised here: where the renderer's main thread spent its time (self
 * time per trace event: scripting, style, layout, paint…) and which JS functions cost the most
 * (self time per function). The production renderer is minified; for readable function names,
 * point BENCH_STATIC_DIR at a build made with `minify: false` (docs/performance.md says how).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'cc',
  'v8',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs. */
  tdur?: number;
  args?: { name?: string };
}

export interface TraceSummary {
  /** Main-thread busy time (top-level tasks) in the window, ms of wall time. */
  busyMs: number;
  /** The same tasks in thread (CPU) time: the rest of busyMs is the thread waiting for a core. */
  cpuMs: number;
  windowMs: number;
  /** Self time by event name on the renderer main thread, ms, largest first. */
  selfByEvent: [string, number][];
}

/** Self time per event name on the page's renderer main thread (CrRendererMain). */
export function summariseTrace(json: string): TraceSummary {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  // The page's renderer is the busiest CrRendererMain.
  let best: { pid: number; tid: number; busy: number; cpu: number } | null = null;
  for (const m of mains) {
    const tasks = events.filter(
      (e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.name === 'RunTask',
    );
    const busy = tasks.reduce((s, e) => s + (e.dur ?? 0), 0);
    const cpu = tasks.reduce((s, e) => s + (e.tdur ?? 0), 0);
    if (best === null || busy > best.busy) best = { pid: m.pid, tid: m.tid, busy, cpu };
  }
  if (best === null) return { busyMs: 0, cpuMs: 0, windowMs: 0, selfByEvent: [] };
  const own = events
    .filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { end: number; name: string }[] = [];
  for (const e of own) {
    const dur = e.dur ?? 0;
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - dur);
    self.set(e.name, (self.get(e.name) ?? 0) + dur);
    stack.push({ end: e.ts + dur, name: e.name });
  }
  const first = own[0]?.ts ?? 0;
  const last = own.reduce((m, e) => Math.max(m, e.ts + (e.dur ?? 0)), first);
  return {
    busyMs: best.busy / 1000,
    cpuMs: best.cpu / 1000,
    windowMs: (last - first) / 1000,
    selfByEvent: [...self.entries()]
      .map(([name, us]): [string, number] => [name, Math.round(us / 100) / 10])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15),
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Self time per JS function (name, file:line) of a CDP CPU profile, ms, largest first. */
export function summariseCpuProfile(profile: {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] ?? -1);
    if (!node) continue;
    const f = node.callFrame;
    const file = f.url.split('/').at(-1) ?? '';
    const key = f.url ? `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}` : f.functionName;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
  }
  return [...self.entries()]
    .map(([k, us]): [string, number] => [k, Math.round(us / 100) / 10])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20);
}

/** Where BENCH_PROFILE asks the profiles to go, or null. */
export function profileDir(): string | null {
  const dir = process.env.BENCH_PROFILE;
  return dir === undefined || dir === '' ? null : dir;
}

/** Runs `step` under a performance trace; saves `<name>.trace.json` and prints the summary. */
export async function traced<T>(
  browser: Browser,
  page: Page,
  dir: string,
  name: string,
  step: () => Promise<T>,
): Promise<T> {
  await browser.startTracing(page, { categories: CATEGORIES });
  const value = await step();
  const buffer = await browser.stopTracing();
  await writeFile(join(dir, `${name}.trace.json`), buffer);
  const s = summariseTrace(buffer.toString('utf8'));
  console.info(
    `[profile] ${name}: main thread busy ${Math.round(s.busyMs)} ms (${Math.round(s.cpuMs)} ms on a CPU) of ${Math.round(s.windowMs)} ms; self time by trace event (ms):`,
  );
  for (const [event, ms] of s.selfByEvent) console.info(`  ${String(ms).padStart(8)}  ${event}`);
  return value;
}

/** Runs `step` under the JS sampling profiler; saves `<name>.cpuprofile` and prints the summary. */
export async function profiled<T>(
  cdp: CDPSession,
  dir: string,
  name: string,
  step: () => Promise<T>,
): Promise<T> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const value = await step();
  const { profile } = await cdp.send('Profiler.stop');
  await writeFile(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  console.info(`[profile] ${name}: JS self time by function (ms):`);
  for (const [fn, ms] of summariseCpuProfile(profile)) console.info(`  ${String(ms).padStart(8)}  ${fn}`);
  return value;
}
