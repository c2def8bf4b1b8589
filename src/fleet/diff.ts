// `mcp-conform diff`: what changed between two reports, for a pull request. Runs are paired by
// server and revision (two reports of one server each are paired whatever their names, and so
// are a server's only runs whatever their revisions), checks by id. Wire transcripts are not
// compared: their times and ids differ on every run. A verdict's message, expectations, schema
// findings and notes are, with timings in them blurred.
import type { CheckResult, Evidence, Status } from '../checks/types.js';
import { serverRuns, type LoadedReport, type ServerRun } from './read.js';

export interface DiffEntry {
  server: string;
  revision: string;
  id: string;
  title: string;
  level: string;
  spec: string;
  base?: Status;
  head?: Status;
  /** The head's message (the base's for a check that is gone). */
  message?: string;
  /** For a changed verdict of the same status: the base's message. */
  baseMessage?: string;
}

export interface ReportDiff {
  base: string;
  head: string;
  newFailures: DiffEntry[];
  newWarnings: DiffEntry[];
  fixed: DiffEntry[];
  added: DiffEntry[];
  gone: DiffEntry[];
  /** Another status change (pass → skip, …), or the same verdict for another reason. */
  changed: DiffEntry[];
  /** Server runs only one side has: "server @ revision". */
  runsAdded: string[];
  runsGone: string[];
  /** A run paired with one at another revision: "server: base → head". */
  revisionChanges: string[];
  unchanged: number;
  /** Servers in the diff (labels are shown only with more than one). */
  servers: number;
}

export function diffReports(base: LoadedReport, head: LoadedReport): ReportDiff {
  const diff: ReportDiff = { base: base.file, head: head.file, newFailures: [], newWarnings: [], fixed: [], added: [], gone: [], changed: [], runsAdded: [], runsGone: [], revisionChanges: [], unchanged: 0, servers: 0 };
  const pairs = pairRuns(serverRuns(base), serverRuns(head));
  diff.servers = new Set(pairs.map((p) => (p.head ?? p.base)!.server)).size;
  for (const { base: b, head: h } of pairs) {
    if (!b) diff.runsAdded.push(`${h!.server} @ ${h!.revision}`);
    if (!h) diff.runsGone.push(`${b!.server} @ ${b!.revision}`);
    if (b && h && b.revision !== h.revision) diff.revisionChanges.push(`${h.server}: ${b.revision} → ${h.revision}`);
    compareRuns(b, h, diff);
  }
  return diff;
}

function compareRuns(b: ServerRun | undefined, h: ServerRun | undefined, diff: ReportDiff): void {
  const where = (h ?? b)!;
  const baseChecks = new Map((b?.run.checks ?? []).map((c) => [c.id, c]));
  const headIds = new Set((h?.run.checks ?? []).map((c) => c.id));
  const entry = (check: CheckResult, before?: CheckResult, after?: CheckResult): DiffEntry => ({
    server: where.server,
    revision: where.revision,
    id: check.id,
    title: check.title,
    level: check.level,
    spec: check.spec,
    ...(before ? { base: before.status } : {}),
    ...(after ? { head: after.status } : {}),
    ...((after ?? before)?.message !== undefined ? { message: (after ?? before)!.message } : {}),
  });
  for (const after of h?.run.checks ?? []) {
    const before = baseChecks.get(after.id);
    if (!before) {
      diff.added.push(entry(after, undefined, after));
      continue;
    }
    const e = entry(after, before, after);
    const [was, now] = [before.status, after.status];
    if (now === 'fail' && was !== 'fail') diff.newFailures.push(e);
    else if (now === 'warn' && was !== 'fail' && was !== 'warn') diff.newWarnings.push(e);
    else if ((was === 'fail' || was === 'warn') && now !== was) diff.fixed.push(e);
    else if (was !== now) diff.changed.push(e);
    else if (signature(before) !== signature(after)) diff.changed.push({ ...e, ...(before.message !== undefined ? { baseMessage: before.message } : {}) });
    else diff.unchanged++;
  }
  for (const before of b?.run.checks ?? []) if (!headIds.has(before.id)) diff.gone.push(entry(before, before, undefined));
}

/** Pairs by server and revision, then what is left alone on both sides. */
function pairRuns(base: ServerRun[], head: ServerRun[]): Array<{ base?: ServerRun; head?: ServerRun }> {
  const baseServers = [...new Set(base.map((r) => r.server))];
  const headServers = [...new Set(head.map((r) => r.server))];
  // One server on each side: the same server, even if its command line or URL changed.
  const rename = baseServers.length === 1 && headServers.length === 1 ? new Map([[baseServers[0], headServers[0]]]) : new Map<string, string>();
  const serverOf = (r: ServerRun) => rename.get(r.server) ?? r.server;
  const pairs: Array<{ base?: ServerRun; head?: ServerRun }> = [];
  for (const server of [...new Set([...base.map(serverOf), ...head.map((r) => r.server)])]) {
    const bs = base.filter((r) => serverOf(r) === server);
    const hs = head.filter((r) => r.server === server);
    const left = new Set(bs);
    for (const h of hs) {
      const b = bs.find((r) => left.has(r) && r.revision === h.revision);
      if (b) left.delete(b);
      pairs.push({ base: b, head: h });
    }
    const unpairedHead = pairs.filter((p) => !p.base && hs.includes(p.head!));
    // A server's only run on each side: the same run, at the revision it now negotiates.
    if (left.size === 1 && unpairedHead.length === 1) {
      unpairedHead[0].base = [...left][0];
      left.clear();
    }
    for (const b of left) pairs.push({ base: b });
  }
  return pairs;
}

/** What a verdict says, with figures of time blurred (a slower machine is no change). */
function signature(check: CheckResult): string {
  const blur = (text: string) => text.replace(/\d+(\.\d+)?\s*(ms|s|seconds?)\b/g, '# $2');
  const kept = (check.evidence ?? []).filter((e: Evidence) => e.type === 'expected' || e.type === 'schema' || e.type === 'note');
  return blur(JSON.stringify([check.message ?? '', kept]));
}

/** New failures (and with `strict`, new warnings): the diff's verdict. */
export function diffFails(diff: ReportDiff, strict: boolean): boolean {
  return diff.newFailures.length > 0 || (strict && diff.newWarnings.length > 0);
}
