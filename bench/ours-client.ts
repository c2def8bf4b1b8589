// `mcp-conform client` as the benches drive it: one run (every scenario, HTTP) against a client
// command, its checks read back from the JSON report.
import { execa } from 'execa';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from './run.js';

export interface OurCheck {
  id: string;
  status: 'pass' | 'fail' | 'warn' | 'skip' | 'info';
  message?: string;
}

export interface OurResult {
  checks: OurCheck[];
  wallMs: number;
  exitCode: number | undefined;
}

const RUN_TIMEOUT_MS = 600_000;

export async function runOursOnClient(command: string[], options: string[] = []): Promise<OurResult> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-ours-client-'));
  const json = join(dir, 'report.json');
  try {
    const t0 = performance.now();
    const r = await execa('node', [CLI, 'client', '--no-reports', '--json', json, ...options, '--', ...command], { reject: false, timeout: RUN_TIMEOUT_MS, env: { NO_COLOR: '1' } });
    const wallMs = performance.now() - t0;
    const checks = existsSync(json) ? ((JSON.parse(readFileSync(json, 'utf8')) as { checks: OurCheck[] }).checks ?? []) : [];
    return { checks: checks.map(({ id, status, message }) => ({ id, status, message })), wallMs, exitCode: r.exitCode };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const RANK: Record<OurCheck['status'], number> = { fail: 4, warn: 3, info: 2, pass: 1, skip: 0 };

/** The worst status among `ids` (the first in RANK order), or undefined when none ran. */
export function worstOf(checks: OurCheck[], ids: string[]): OurCheck['status'] | undefined {
  const found = checks.filter((c) => ids.includes(c.id));
  if (found.length === 0) return undefined;
  return found.reduce((a, b) => (RANK[b.status] > RANK[a.status] ? b : a)).status;
}
