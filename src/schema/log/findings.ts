// What the log checker reports, and a collector that counts every finding but keeps only the
// first few for printing, so a log with a million mistakes still fits in memory.
import type { ProblemKind } from '../problems.js';
import type { Direction } from '../validate.js';

/** error: the log breaks a rule. warning: noteworthy but maybe harmless (a log cut short, lost tracking). */
export type Severity = 'error' | 'warning';

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

// Messages quote the log (method names, ids): a hostile log must not blow up what we keep.
const MAX_TEXT = 300;

export function clip(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export class FindingList {
  readonly kept: LogFinding[] = [];
  errors = 0;
  warnings = 0;

  constructor(
    private readonly keep: number,
    /** Hears of every finding as it is added, kept or not (the live proxy prints them). */
    private readonly onAdd?: (finding: LogFinding) => void,
  ) {}

  add(finding: LogFinding): void {
    if (finding.severity === 'error') this.errors++;
    else this.warnings++;
    const clipped = { ...finding, subject: clip(finding.subject, 120), message: clip(finding.message) };
    if (this.kept.length < this.keep) this.kept.push(clipped);
    this.onAdd?.(clipped);
  }

  get total(): number {
    return this.errors + this.warnings;
  }
}
