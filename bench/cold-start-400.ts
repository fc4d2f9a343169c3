/**
 * Record 25 (issue 16, target 15): the cold start of benchmark 8 against ≤ 400 ms. The same
 * script, the same five runs and median; only the record's number and target differ.
 */
process.env.BENCH_COLD_START_RECORD = '25';
await import('./8-cold-start');
export {};
