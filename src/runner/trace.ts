// MCP_CONFORM_TRACE=1: one stderr line per check run — when it started and ended (ms since the
// run began) and on which kind of connection — to find a run's critical path (docs/history/performance.md).
// Off by default; prints check ids and timings only, never traffic.
import type { Check } from '../checks/index.js';

const enabled = Boolean(process.env.MCP_CONFORM_TRACE);

export function traceCheck(check: Check, revision: string, startMs: number, endMs: number): void {
  if (!enabled) return;
  process.stderr.write(`trace ${revision} ${check.id} ${check.connection} start=${Math.round(startMs)} end=${Math.round(endMs)} took=${Math.round(endMs - startMs)}\n`);
}
