// `mcp-conform diff <base.json> <head.json>`: what a change did to conformance (src/fleet/diff.ts);
// under GitHub Actions also the job summary, step outputs and, asked to, the PR comment.
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { COMMENT_MARKER, diffFails, diffJson, diffMarkdown, diffReports, diffText, readReport, upsertComment, type ReportDiff } from '../fleet/index.js';
import { githubEnabled, outputFileText } from '../report/github.js';
import { parseCommandArgs } from './args.js';
import { EXIT, UsageError } from './errors.js';
import { cannotWrite } from './file-errors.js';
import type { CliIO } from './io.js';

export const DIFF_HELP = `Usage: mcp-conform diff [options] <base.json> <head.json>

Compares two JSON reports (single runs, --protocol-version all, or merged ones) and lists, in
this order: new failures and new warnings, fixed checks, checks added or gone, then checks whose
status changed otherwise (pass -> skip) or whose verdict is the same for another reason (its
message, expectations or schema findings; wire transcripts are not compared, their times and
ids differ on every run). Runs pair by server and revision; two reports of one server each pair
whatever the server's name or command line.

Options:
  --json <file>       write the diff as JSON
  --markdown <file>   write the diff as GitHub-flavoured Markdown (a pull-request comment)
  --strict            new warnings fail too (exit 1)
  --github            GitHub Actions output: the Markdown appended to the job summary and the
                      step outputs new-failures, new-warnings, fixed; on by itself when
                      GITHUB_ACTIONS=true, off with --no-github
  --github-comment    also put the Markdown in one comment of the pull request, edited on every
                      run rather than added again: the token from MCP_CONFORM_GITHUB_TOKEN (or
                      GITHUB_TOKEN), the repository from GITHUB_REPOSITORY, the pull request from
                      --pr or the event (GITHUB_EVENT_PATH); a comment that cannot be written is
                      a line on stderr, not a failure
  --pr <number>       the pull request to comment on
  -h, --help          this help

Exit codes: 0 no new failure, 1 new failures (new warnings too with --strict),
2 usage error or a report that cannot be read, 5 internal error.
`;

const OPTIONS = {
  json: { type: 'string' },
  markdown: { type: 'string' },
  strict: { type: 'boolean' },
  github: { type: 'boolean' },
  'no-github': { type: 'boolean' },
  'github-comment': { type: 'boolean' },
  pr: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function diffCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs({ args: argv, options: OPTIONS, allowPositionals: true }, { command: 'diff' });
  if (values.help) {
    io.stdout(DIFF_HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 2) throw new UsageError(`diff takes two JSON reports, the base and the head; got ${positionals.length} (see mcp-conform diff --help)`);
  if (values.github && values['no-github']) throw new UsageError('give --github or --no-github, not both');
  if (values.pr !== undefined && !/^[1-9]\d*$/.test(values.pr)) throw new UsageError(`--pr takes a pull request number, got "${values.pr}"`);
  const [base, head] = await Promise.all(positionals.map(readReport));
  const diff = diffReports(base, head);
  const markdown = diffMarkdown(diff);
  await writeOut(values.json, () => diffJson(diff));
  await writeOut(values.markdown, () => markdown);
  io.stdout(diffText(diff));
  if (githubEnabled(values.github ? true : values['no-github'] ? false : undefined, io.env)) await publish(diff, markdown, io);
  if (values['github-comment']) await comment(markdown, values.pr, io);
  return diffFails(diff, Boolean(values.strict)) ? EXIT.failed : EXIT.ok;
}

async function writeOut(path: string | undefined, render: () => string): Promise<void> {
  if (!path) return;
  try {
    await mkdir(dirname(resolve(path)), { recursive: true });
    await writeFile(path, render(), 'utf8');
  } catch (err) {
    throw cannotWrite(path, err);
  }
}

async function publish(diff: ReportDiff, markdown: string, io: CliIO): Promise<void> {
  const outputs = { 'new-failures': String(diff.newFailures.length), 'new-warnings': String(diff.newWarnings.length), fixed: String(diff.fixed.length) };
  const files: Array<[string, string | undefined, string]> = [
    ['job summary', io.env.GITHUB_STEP_SUMMARY, markdown],
    ['step outputs', io.env.GITHUB_OUTPUT, outputFileText(outputs)],
  ];
  for (const [what, path, text] of files) {
    if (!path) continue;
    try {
      await appendFile(path, text, 'utf8');
    } catch (err) {
      io.stderr(`mcp-conform: cannot write the GitHub ${what} to ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}\n`);
    }
  }
}

async function comment(markdown: string, pr: string | undefined, io: CliIO): Promise<void> {
  const token = io.env.MCP_CONFORM_GITHUB_TOKEN || io.env.GITHUB_TOKEN;
  const repo = io.env.GITHUB_REPOSITORY;
  if (!token || !repo) {
    io.stderr(`mcp-conform: no pull-request comment: ${!token ? 'no token (MCP_CONFORM_GITHUB_TOKEN or GITHUB_TOKEN)' : 'GITHUB_REPOSITORY is not set'}\n`);
    return;
  }
  const issue = pr !== undefined ? Number(pr) : await eventPullRequest(io.env.GITHUB_EVENT_PATH);
  if (issue === undefined) {
    io.stdout('no pull-request comment: this run is not for a pull request\n');
    return;
  }
  try {
    const done = await upsertComment({ api: io.env.GITHUB_API_URL || 'https://api.github.com', repo, issue, token }, COMMENT_MARKER, markdown);
    io.stdout(`pull-request comment ${done.action}${done.url ? `: ${done.url}` : ''}\n`);
  } catch (err) {
    io.stderr(`mcp-conform: no pull-request comment: ${(err as Error).message}\n`);
  }
}

/** The pull request's number from the event that started the workflow, if it was one. */
async function eventPullRequest(path: string | undefined): Promise<number | undefined> {
  if (!path) return undefined;
  try {
    const event = JSON.parse(await readFile(path, 'utf8')) as { pull_request?: { number?: unknown } };
    const n = event.pull_request?.number;
    return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}
