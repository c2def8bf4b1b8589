// What the log checker reports, and a collector that counts every finding but keeps only the
// first few for printing, so a log with a million mistakes still fits in memory.
import type { ProblemKind } from '../problems.js';
import type { Direction } from '../validate.js';

/**
 * error: the log breaks a rule. warning: noteworthy but maybe harmless (a log cut short, lost
 * tracking, a method no revision defines). info: not a problem, said so the reader need not
 * wonder (a request for an undefined method, refused with -32601 as it should be).
 */
export type Severity = 'error' | 'warning' | 'info';

export interface LogFinding {
  /** 1-based line of the log; 0 for the log as a whole. */
  line: number;
  severity: Severity;
  kind: ProblemKind;
  /** Who sent the message, where known or inferred. */
  direction?: Direction;
  /** The message in a few words: `tools/call #3`, `result #3 (tools/call)`, `notifications/message`. */
  subject: string;
  /** One line: what is wrong. */
  message: string;
  /** Requirement id from the catalog (spec/server-requirements.md), where one applies. */
  requirement?: string;
  /** JSON pointer into the message, for schema and envelope problems. */
  pointer?: string;
}

export interface Tally {
  errors: number;
  warnings: number;
  info: number;
}

/** The findings of one sender; direction null holds those about the log itself (framing, no messages). */
export interface DirectionGroup {
  direction: Direction | null;
  /** Every finding of this sender, counted, printed or not. */
  summary: Tally;
  /** The kept ones, by line. */
  findings: LogFinding[];
}

// Server first: a server author reads their own problems before the client's.
const GROUP_ORDER: readonly (Direction | null)[] = ['server->client', 'client->server', null];

// Messages quote the log (method names, ids): a hostile log must not blow up what we keep.
const MAX_TEXT = 300;

export function clip(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const emptyTally = (): Tally => ({ errors: 0, warnings: 0, info: 0 });

function count(tally: Tally, severity: Severity): void {
  if (severity === 'error') tally.errors++;
  else if (severity === 'warning') tally.warnings++;
  else tally.info++;
}

export class FindingList {
  private readonly problems: LogFinding[] = [];
  // Info findings are kept apart and give way to problems once the list is full: a log full of
  // harmless notes must not push its errors out of what is printed.
  private readonly notes: LogFinding[] = [];
  private readonly all = emptyTally();
  private readonly bySender = new Map<Direction | null, Tally>(GROUP_ORDER.map((d) => [d, emptyTally()]));

  constructor(
    private readonly keep: number,
    /** Hears of every finding as it is added, kept or not (the live proxy prints them). */
    private readonly onAdd?: (finding: LogFinding) => void,
  ) {}

  add(finding: LogFinding): void {
    count(this.all, finding.severity);
    count(this.bySender.get(finding.direction ?? null)!, finding.severity);
    const entry = { ...finding, subject: clip(finding.subject, 120), message: clip(finding.message) };
    const isNote = finding.severity === 'info';
    if (this.problems.length + this.notes.length < this.keep) (isNote ? this.notes : this.problems).push(entry);
    else if (!isNote && this.notes.length > 0) {
      this.notes.pop();
      this.problems.push(entry);
    }
    this.onAdd?.(entry);
  }

  /** The kept findings, by line. */
  sorted(): LogFinding[] {
    return [...this.problems, ...this.notes].sort((a, b) => a.line - b.line);
  }

  get summary(): Tally {
    return { ...this.all };
  }

  get total(): number {
    return this.all.errors + this.all.warnings + this.all.info;
  }

  /** The kept findings split by sender, server->client first, each with its full counts. */
  groups(sorted: LogFinding[]): DirectionGroup[] {
    return GROUP_ORDER.map((direction) => ({
      direction,
      summary: { ...this.bySender.get(direction)! },
      findings: sorted.filter((f) => (f.direction ?? null) === direction),
    }));
  }
}
