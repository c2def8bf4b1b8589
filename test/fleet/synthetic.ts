// Reports of a synthetic fleet, as `run --config` writes them (one per named target): for the
// size and speed of merge and its page, with the statuses and evidence of real runs in rough
// proportion (most checks pass; a few fail or warn with a message, expectations and a transcript;
// skips repeat the same reasons, as on a real fleet).
import type { CheckResult, Report, Status } from '../../src/checks/types.js';
import { summarize } from '../../src/report/index.js';

const LEVELS = ['MUST', 'MUST', 'MUST', 'SHOULD', 'MAY'] as const;
const SKIP_REASONS = ['the server does not declare resources', 'no --slow-tool was named', 'the server does not declare prompts', 'no tool we may call'];

/** A small deterministic generator (mulberry32): the same fleet on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticFleet(servers: number, checks: number, seed = 1): Report[] {
  const next = random(seed);
  const ids = Array.from({ length: checks }, (_, i) => `area${String(i % 24).padStart(2, '0')}/check-${i}`);
  return Array.from({ length: servers }, (_, s) => {
    const name = `server-${String(s + 1).padStart(3, '0')}`;
    const results: CheckResult[] = ids.map((id, i) => {
      const r = next();
      const status: Status = r < 0.03 ? 'fail' : r < 0.06 ? 'warn' : r < 0.2 ? 'skip' : r < 0.22 ? 'info' : 'pass';
      const level = LEVELS[i % LEVELS.length];
      const check: CheckResult = { id, title: `what ${id} checks, in one line`, level, status, requirements: [`REQ-${i % 40}`], spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic', evidence: [], durationMs: Math.round(next() * 200) };
      if (status === 'skip') check.message = SKIP_REASONS[i % SKIP_REASONS.length];
      if (status === 'fail' || status === 'warn' || status === 'info') {
        check.message = `${name} answered ${id} with error ${Math.round(next() * 1000)} where a result was expected`;
        check.evidence = [
          { type: 'expected', expected: 'a result', actual: `error ${Math.round(next() * 1000)}` },
          { type: 'message', direction: 'sent', at: 12, message: { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x'.repeat(80) } } } },
          { type: 'message', direction: 'received', at: 15, message: { jsonrpc: '2.0', id: i, error: { code: -32603, message: 'internal error '.repeat(8) } } },
        ];
      }
      return check;
    });
    const target = { name, transport: 'stdio' as const, command: ['node', `servers/${name}/index.js`] };
    return { tool: { name: 'mcp-conform', version: '0.1.0' }, target, protocolVersion: '2025-11-25', seed: 1, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 5000 + Math.round(next() * 20000), summary: summarize(results), checks: results };
  });
}
