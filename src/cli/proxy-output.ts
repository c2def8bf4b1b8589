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
