// Runs validateCommand in-process with a fake CliIO, capturing what it prints.
import { fileURLToPath } from 'node:url';
import { validateCommand } from '../../src/cli/validate.js';
import type { CliIO } from '../../src/cli/io.js';
import type { LogFinding, LogReport } from '../../src/schema/log/index.js';

export const LOGS = fileURLToPath(new URL('./logs/', import.meta.url));

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runValidate(argv: string[], stdin?: AsyncIterable<Buffer | string>): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    color: false,
    interactive: false,
    env: {},
    cwd: LOGS,
  };
  const code = await validateCommand(argv, io, stdin);
  return { code, stdout, stderr };
}

export type JsonReport = LogReport & { file: string };

/** `--json` run of a log under test/validate/logs/. */
export async function runJson(log: string, ...flags: string[]): Promise<{ code: number; report: JsonReport }> {
  const { code, stdout } = await runValidate(['--json', ...flags, log]);
  return { code, report: JSON.parse(stdout) as JsonReport };
}

export const errorsOf = (report: LogReport): LogFinding[] => report.findings.filter((f) => f.severity === 'error');
export const warningsOf = (report: LogReport): LogFinding[] => report.findings.filter((f) => f.severity === 'warning');
