// Verdict stability under load (issue 28 item 8): the same run on a quiet machine and with two CPU
// burners of the bench's own (`node -e 'for(;;){}'`), against our fixture and server-everything;
// the row counts the checks whose status differs (goal: 0) and names them. Asserts nothing.
// Usage: npm run build && npx tsx bench/stability.ts
// bench/index.ts imports measureStability for the combined table.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMain } from './is-main.js';
import { assertBuilt, RUN_TARGETS, runCli } from './run.js';

const BURNERS = 2;

export interface StabilityRow {
  target: string;
  checks: number;
  /** Checks whose status differs, as "id: quiet → loaded". */
  differing: string[];
  quietWallMs: number;
  loadedWallMs: number;
}

interface Checked {
  id: string;
  status: string;
}

function statuses(file: string): Map<string, string> {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { checks?: Checked[]; runs?: Array<{ protocolVersion: string; checks: Checked[] }> };
  const runs = report.runs ?? [{ protocolVersion: '', checks: report.checks ?? [] }];
  return new Map(runs.flatMap((r) => r.checks.map((c): [string, string] => [`${r.protocolVersion ? `${r.protocolVersion} ` : ''}${c.id}`, c.status])));
}

/** Runs `work` while BURNERS processes keep the cores busy; they are killed after, whatever happens. */
async function underLoad<T>(work: () => Promise<T>): Promise<T> {
  const burners: ChildProcess[] = Array.from({ length: BURNERS }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  try {
    return await work();
  } finally {
    for (const b of burners) b.kill('SIGKILL');
  }
}

export async function measureStability(targets: Record<string, string[]> = RUN_TARGETS): Promise<StabilityRow[]> {
  assertBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-stability-'));
  try {
    const rows: StabilityRow[] = [];
    for (const [target, command] of Object.entries(targets)) {
      const quietFile = join(dir, `${target}-quiet.json`);
      const loadedFile = join(dir, `${target}-loaded.json`);
      const quiet = await runCli(['--json', quietFile, '--', ...command]);
      const loaded = await underLoad(() => runCli(['--json', loadedFile, '--', ...command]));
      const before = statuses(quietFile);
      const after = statuses(loadedFile);
      const differing = [...new Set([...before.keys(), ...after.keys()])].filter((id) => before.get(id) !== after.get(id)).map((id) => `${id}: ${before.get(id)} → ${after.get(id)}`);
      rows.push({ target, checks: before.size, differing, quietWallMs: quiet.wallMs, loadedWallMs: loaded.wallMs });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench table's row. */
export function stabilityRow(rows: StabilityRow[]): [string, string, string] {
  const total = rows.reduce((n, r) => n + r.differing.length, 0);
  const detail = rows.map((r) => `${r.target}: ${r.differing.length} of ${r.checks}${r.differing.length ? ` (${r.differing.join('; ')})` : ''}, ${(r.quietWallMs / 1000).toFixed(1)} s quiet, ${(r.loadedWallMs / 1000).toFixed(1)} s loaded`).join('; ');
  return [`Verdict stability: quiet vs ${BURNERS} CPU burners (stdio)`, `**${total}** statuses differ`, detail];
}

async function main() {
  for (const r of await measureStability()) {
    console.log(`${r.target}: ${r.differing.length} of ${r.checks} statuses differ; quiet ${r.quietWallMs.toFixed(0)} ms, loaded ${r.loadedWallMs.toFixed(0)} ms`);
    for (const d of r.differing) console.log(`  ${d}`);
  }
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 5;
  });
}
