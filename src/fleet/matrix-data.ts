// The data behind the merged report's matrix page: one row per check, one column per server run,
// one character per cell, and for each cell that is not a plain pass its message and evidence as
// text. Strings repeat across a fleet (the same skip reason on 150 servers): each is stored once.
import type { CheckResult, Level, RunResult, Status } from '../checks/types.js';
import { areaOf } from '../report/index.js';
import { evidenceLines } from '../report/evidence-text.js';
import { sameCauseText } from '../report/causes.js';
import { redactEvidence } from '../report/redact.js';
import { safeHref } from '../report/html-escape.js';
import { truncate } from '../report/text.js';
import { runLabel, type FleetReport } from './merge.js';

/** One character per verdict; `-` for a check the run did not have. */
export const CELL: Record<Status, string> = { pass: 'p', fail: 'f', warn: 'w', skip: 's', info: 'i' };
export const ABSENT = '-';

/** A cell's evidence in the page: enough to see why, the run's own report holds the rest. */
const EVIDENCE_CHARS = 4000;
const PAYLOAD_CHARS = 400;

export interface MatrixData {
  runs: Array<{ label: string; revision: string; transport: string; counts: number[] }>;
  checks: Array<{ id: string; title: string; level: Level; reqs: string; spec: string; area: string }>;
  /** Per check, one CELL character per run. */
  cells: string[];
  /** Flat: row, column, index of its message in `strings`, index of its evidence text (-1: none). */
  details: number[];
  strings: string[];
}

export function matrixData(report: FleetReport): MatrixData {
  const runs = report.runs ?? [];
  const strings = new Interner();
  const rows = new Map<string, { check: CheckResult; row: number }>();
  for (const run of runs) for (const check of run.checks) if (!rows.has(check.id)) rows.set(check.id, { check, row: rows.size });
  const cells = [...rows.keys()].map(() => new Array<string>(runs.length).fill(ABSENT));
  const details: number[] = [];
  runs.forEach((run, col) => {
    for (const check of run.checks) {
      const row = rows.get(check.id)!.row;
      cells[row][col] = CELL[check.status] ?? ABSENT;
      if (check.status === 'pass' && !check.message) continue;
      const message = [check.message ?? '', sameCauseText(check) ?? ''].filter(Boolean).join('\n');
      details.push(row, col, strings.id(message), check.status === 'pass' ? -1 : strings.id(evidenceText(check)));
    }
  });
  return {
    runs: runs.map((run) => ({ label: runLabel(run, report.fleet.servers), revision: run.protocolVersion, transport: run.target.transport, counts: countsOf(run) })),
    checks: [...rows.values()].map(({ check }) => ({
      id: check.id,
      title: check.title,
      level: check.level,
      reqs: (check.requirements ?? []).join(', '),
      spec: safeHref(check.spec ?? '') ?? '',
      area: areaOf(check.id),
    })),
    cells: cells.map((row) => row.join('')),
    details,
    strings: strings.list,
  };
}

/** pass, fail, warn, skip, info. */
function countsOf(run: RunResult): number[] {
  const counts = [0, 0, 0, 0, 0];
  const order: Status[] = ['pass', 'fail', 'warn', 'skip', 'info'];
  for (const c of run.checks) {
    const i = order.indexOf(c.status);
    if (i >= 0) counts[i]++;
  }
  return counts;
}

function evidenceText(check: CheckResult): string {
  const lines = (check.evidence ?? []).flatMap((e) => evidenceLines(redactEvidence(e), { maxPayload: PAYLOAD_CHARS, full: false }));
  return truncate(lines.join('\n'), EVIDENCE_CHARS);
}

class Interner {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  id(text: string): number {
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(text);
      this.index.set(text, i);
    }
    return i;
  }
}
