// What `mcp-conform proxy` prints and writes: a finding per stderr line, the JSON report.
import { inert } from '../report/ansi.js';
import type { LogFinding, LogReport } from '../schema/log/index.js';
import { packageVersion } from './version.js';

export type ProxyTarget = { transport: 'stdio'; command: string[] } | { transport: 'http'; url: string; listen?: string };

/** `mcp-conform proxy: line 12 server->client error result #3 (ping): … [RPC-3]` */
export function findingLine(f: LogFinding): string {
  const where = f.line > 0 ? `line ${f.line}` : 'session';
  const direction = f.direction ? ` ${f.direction}` : '';
  const requirement = f.requirement ? ` [${f.requirement}]` : '';
  const subject = f.subject === '-' ? '' : ` ${inert(f.subject)}:`; // '-': the log as a whole, or an unreadable line
  return `mcp-conform proxy: ${where}${direction} ${f.severity}${subject} ${inert(f.message)}${requirement}\n`;
}

/** Where the proxy's results go, for its first line: so a user sees that it is checking. */
export interface ProxyOutputs {
  record?: string;
  json?: string;
}

/** `mcp-conform proxy: checking stdio of node build/index.js; findings on stderr, recording in s.jsonl` */
export function startLine(what: string, outputs: ProxyOutputs): string {
  const where = [
    'findings on stderr',
    outputs.record !== undefined ? `recording in ${outputs.record}` : 'no recording (--record <file>)',
    ...(outputs.json !== undefined ? [`report in ${outputs.json}`] : []),
  ];
  return `mcp-conform proxy: ${inert(what)}; ${inert(where.join(', '))}\n`;
}

/** `mcp-conform proxy: ended: 14 messages relayed, findings: 2 (1 error, 1 warning)`; info is no finding (as --fail-on-finding counts). */
export function summaryLine(report: LogReport): string {
  const { errors, warnings, info } = report.summary;
  const kinds = [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean);
  const found = `findings: ${errors + warnings}${kinds.length ? ` (${kinds.join(', ')})` : ''}${info ? `; ${info} info` : ''}`;
  return `mcp-conform proxy: ended: ${plural(report.messages, 'message')} relayed, ${found}\n`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The `--json` report: validate's report (same findings) with the session around it. */
export function proxyReport(session: { target: ProxyTarget; startedAt: Date; exitCode: number; record: string | undefined; report: LogReport }) {
  return {
    tool: { name: 'mcp-conform', version: packageVersion() },
    target: session.target,
    file: session.record ?? null,
    startedAt: session.startedAt.toISOString(),
    durationMs: Date.now() - session.startedAt.getTime(),
    exitCode: session.exitCode,
    ...session.report,
  };
}

/** A URL as printed and reported: no userinfo, no query (either may carry a credential). */
export function safeUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  copy.search = '';
  return copy.href;
}
