// GitHub Actions integration of `run`: annotations on stdout, a Markdown job summary appended to
// $GITHUB_STEP_SUMMARY, and step outputs in $GITHUB_OUTPUT. On when GITHUB_ACTIONS=true or with
// --github; the action (action.yml) stays a thin wrapper around the CLI.
import { appendFile } from 'node:fs/promises';
import { annotationLines, outputFileText, outputsOf } from './github-commands.js';
import type { GithubOptions, GithubTargetResult } from './github-findings.js';
import { stepSummary } from './github-markdown.js';

export { annotationLines, escapeData, escapeProperty, outputFileText, outputsOf, stopCommands, workflowCommand, OUTPUT_NAMES, ANNOTATION_LIMIT, type OutputName } from './github-commands.js';
export { stepSummary, mdText, ROW_LIMIT } from './github-markdown.js';
export { findingsOf, targetLabel, worstExitCode, type Finding, type GithubOptions, type GithubTargetResult } from './github-findings.js';

export interface GithubIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

/** --github forces it on, --no-github off; otherwise it follows GITHUB_ACTIONS. */
export function githubEnabled(flag: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  return flag ?? env.GITHUB_ACTIONS === 'true';
}

/**
 * Prints the annotations and, where the runner provides the files, appends the job summary and
 * the step outputs. A file that cannot be written costs a line on stderr, not the run.
 */
export async function publishToGithub(results: readonly GithubTargetResult[], opts: GithubOptions, io: GithubIO): Promise<void> {
  const lines = annotationLines(results, opts);
  if (lines.length) io.stdout(`${lines.join('\n')}\n`);
  const files: Array<[string, string | undefined, () => string]> = [
    ['job summary', io.env.GITHUB_STEP_SUMMARY, () => stepSummary(results, opts)],
    ['step outputs', io.env.GITHUB_OUTPUT, () => outputFileText(outputsOf(results))],
  ];
  for (const [what, path, render] of files) {
    if (!path) continue;
    try {
      await appendFile(path, render(), 'utf8');
    } catch (err) {
      io.stderr(`mcp-conform: cannot write the GitHub ${what} to ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}\n`);
    }
  }
}
