// `mcp-conform validate <file.jsonl>`: checks a captured message log offline and prints one line
// per finding (or a JSON report). The checking lives in src/schema/log; this is flags and output.
import type { ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { makeStyle, inert, type Style } from '../report/ansi.js';
import { checkLog, LOG_DEFAULTS, type LogCheckOptions, type LogFinding, type LogReport, type Tally } from '../schema/log/index.js';
import { REVISIONS } from '../schema/revisions.js';
import type { Direction } from '../schema/validate.js';
import { parseCommandArgs } from './args.js';
import { cannotRead } from './file-errors.js';
import { EXIT, UsageError } from './errors.js';
import { countFlag, revisionFlag } from './flag-values.js';
import type { CliIO } from './io.js';

export const VALIDATE_HELP = `Usage: mcp-conform validate [options] <file.jsonl | ->

Checks a captured MCP message log offline. Each line is one JSON-RPC message, bare or wrapped
as {"direction":"client->server"|"server->client","message":{...}}. It checks the JSON-RPC
envelope, that every response answers exactly one pending request, that methods exist, and
that params and results fit the schema of the log's protocol revision (taken from its
initialize exchange, or a 2026-07-28 request's _meta). "-" reads the log from stdin.

Findings are printed by sender, server->client first, each block under a heading with its
counts. Each finding is an error, a warning, or info (noteworthy, never a problem). A client
may ask for a method the revision does not define: the server's answer is graded (-32601 is
info, a result an error, another error code a warning). A notification no revision defines is
a warning; a server using a method of another revision is an error.

Who sent a bare line is inferred: a response answers the pending request with its id sent
the other way (the latest, if both sides have one); a request or notification travels the
way its method does (ping and other two-way methods count as the client's, progress as the
server's). Wrapped lines say it outright. A request never answered is a warning: the log may
simply end before its response.

Options:
  --protocol-version <rev>  check against this revision (${REVISIONS[0]} … ${REVISIONS[REVISIONS.length - 1]}),
                            whatever the log negotiates
  --direction <side>        every bare line was sent by this side ("client" or "server"):
                            a one-sided log, so responses are not paired with requests
  --strict                  warnings (requests never answered, undefined notifications,
                            lost tracking) fail too
  --json                    print a JSON report on stdout instead of text: findings (by line),
                            summary {errors, warnings, info, omitted}, and directions (the
                            same findings per sender, server->client first, with counts)
  --max-findings <n>        findings to print; all are counted (default ${LOG_DEFAULTS.maxFindings})
  --max-line-bytes <n>      longest line read; longer ones are findings (default ${LOG_DEFAULTS.maxLineBytes})
  -h, --help                show this help

Examples:
  mcp-conform validate session.jsonl
  cat server-out.jsonl | mcp-conform validate --direction server --protocol-version 2025-06-18 -

Exit codes: 0 no errors (warnings and info allowed), 1 errors found (or warnings, with --strict),
2 usage error or unreadable log.
`;

const OPTIONS = {
  'protocol-version': { type: 'string' },
  direction: { type: 'string' },
  strict: { type: 'boolean' },
  json: { type: 'boolean' },
  'max-findings': { type: 'string' },
  'max-line-bytes': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `stdin` is where "-" reads from (tests pass their own). */
export async function validateCommand(argv: string[], io: CliIO, stdin: AsyncIterable<Buffer | string> = process.stdin): Promise<number> {
  const { values, positionals } = parseFlags(argv);
  if (values.help) {
    io.stdout(VALIDATE_HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'validate needs a log file, or - for stdin (see mcp-conform validate --help)'
        : `validate takes one log file, got ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  const options: LogCheckOptions = {
    protocolVersion: revisionFlag(values['protocol-version']),
    direction: directionFlag(values.direction),
    maxFindings: countFlag('--max-findings', values['max-findings'], 0),
    maxLineBytes: countFlag('--max-line-bytes', values['max-line-bytes'], 1),
  };
  const file = positionals[0];
  const name = file === '-' ? '<stdin>' : file;
  const source = file === '-' ? stdin : await openLog(file, io.cwd);
  let report: LogReport;
  try {
    report = await checkLog(source, options);
  } catch (err) {
    if (isSystemError(err)) throw cannotRead(name, err);
    throw err;
  } finally {
    (source as Partial<ReadStream>).destroy?.();
  }

  if (values.json) io.stdout(`${JSON.stringify({ file: name, ...report }, null, 2)}\n`);
  else io.stdout(renderText(name, report, makeStyle(io.color)));
  const failed = report.summary.errors > 0 || (values.strict === true && report.summary.warnings > 0);
  return failed ? EXIT.failed : EXIT.ok;
}

function parseFlags(argv: string[]) {
  return parseCommandArgs({ args: argv, options: OPTIONS, allowPositionals: true }, { command: 'validate' });
}

function directionFlag(value: string | undefined): Direction | undefined {
  if (value === undefined) return undefined;
  if (value === 'client' || value === 'client->server') return 'client->server';
  if (value === 'server' || value === 'server->client') return 'server->client';
  throw new UsageError(`--direction is "client" or "server", not "${value}"`);
}

async function openLog(file: string, cwd: string): Promise<ReadStream> {
  const path = resolve(cwd, file);
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    throw cannotRead(file, err);
  }
  const info = await handle.stat();
  if (!info.isFile() && !info.isFIFO() && !info.isCharacterDevice()) {
    await handle.close();
    throw new UsageError(`cannot read ${file}: ${info.isDirectory() ? 'it is a directory' : 'not a regular file'}`);
  }
  return handle.createReadStream({ highWaterMark: 256 * 1024 });
}

function isSystemError(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string' && 'syscall' in err;
}

function renderText(name: string, report: LogReport, style: Style): string {
  const out: string[] = [];
  // One block per sender, server->client first, each under a heading with its own counts.
  for (const group of report.directions) {
    if (group.summary.errors + group.summary.warnings + group.summary.info === 0) continue;
    out.push(style.bold(`${group.direction ?? 'the log itself'}: ${tallyText(group.summary, style)}`));
    // Unindented: each finding line still starts with file:LINE, for editors and grep.
    for (const f of group.findings) out.push(findingLine(name, f, style));
    const hidden = group.summary.errors + group.summary.warnings + group.summary.info - group.findings.length;
    if (hidden > 0) out.push(style.dim(`(${hidden} more not shown)`));
  }
  const { errors, warnings, info, omitted } = report.summary;
  const against = report.protocolVersion ? `checked against ${report.protocolVersion} (${sourceText(report)})` : 'envelopes only (no protocol revision)';
  const notes = info > 0 ? `, ${style.cyan(`${info} info`)}` : '';
  const verdict = errors + warnings === 0 ? `${style.green('no problems')}${notes}` : tallyText(report.summary, style);
  out.push(`${inert(name)}: ${plural(report.lines, 'line')}, ${plural(report.messages, 'message')}, ${against}: ${verdict}`);
  if (omitted > 0) out.push(style.dim(`(showing the first ${report.findings.length} of ${errors + warnings + info} findings; see --max-findings)`));
  return `${out.join('\n')}\n`;
}

/** "1 error, 0 warnings", and the info count when there is any. */
function tallyText({ errors, warnings, info }: Tally, style: Style): string {
  const parts = [errors > 0 ? style.red(plural(errors, 'error')) : plural(0, 'error'), warnings > 0 ? style.yellow(plural(warnings, 'warning')) : plural(0, 'warning')];
  if (info > 0) parts.push(style.cyan(`${info} info`));
  return parts.join(', ');
}

const SEVERITY_STYLE = { error: 'red', warning: 'yellow', info: 'cyan' } as const;

function findingLine(name: string, f: LogFinding, style: Style): string {
  const where = style.gray(f.line > 0 ? `${inert(name)}:${f.line}` : inert(name));
  const severity = style[SEVERITY_STYLE[f.severity]](f.severity);
  const requirement = f.requirement ? `  ${style.dim(`[${f.requirement}]`)}` : '';
  return `${where}  ${severity}  ${style.bold(inert(f.subject))}  ${inert(f.message)}${requirement}`;
}

function sourceText(report: LogReport): string {
  switch (report.protocolVersionSource) {
    case 'option':
      return '--protocol-version';
    case 'initialize':
      return 'from the initialize result';
    case 'initialize-request':
      return 'as requested by initialize; no result seen';
    default:
      return 'from request _meta';
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
