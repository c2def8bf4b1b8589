// `mcp-conform proxy`: flags and output around src/proxy. Findings are printed one line each as
// they happen; the JSON report is written at the end; the exit code is the server's.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { startHttpProxy } from '../proxy/http-proxy.js';
import { TrafficObserver } from '../proxy/observer.js';
import { Recording } from '../proxy/recording.js';
import { proxyStdio } from '../proxy/stdio-proxy.js';
import { LOG_DEFAULTS } from '../schema/log/index.js';
import { REVISIONS } from '../schema/revisions.js';
import { parseCommandArgs } from './args.js';
import { cannotWrite } from './file-errors.js';
import { EXIT, UsageError } from './errors.js';
import { countFlag, revisionFlag } from './flag-values.js';
import { ignoreClosedPipe, type CliIO } from './io.js';
import { findingLine, proxyReport, safeUrl, startLine, summaryLine, type ProxyOutputs, type ProxyTarget } from './proxy-output.js';

export const PROXY_HELP = `Usage:
  mcp-conform proxy [options] -- <command> [args...]       between a client and a stdio server
  mcp-conform proxy [options] --url <upstream> [--listen 127.0.0.1:<port>]
                                                           in front of a Streamable HTTP server

Sits between a real MCP client (a desktop assistant, an IDE, the Inspector) and a server,
passes every byte through unchanged, and checks each message in both directions as it goes
by, with the same checks as "mcp-conform validate": JSON-RPC envelope, every response
answering one request, the schema of the protocol revision the two negotiate. Findings go
to stderr, one line each, as they happen; the traffic is never changed, held back or
reordered because of one. On stderr too: a first line saying what is checked and where
the recording goes, and at the end a summary (messages relayed, findings). A client that
closes the proxy's stderr loses those lines, not the session or the recording.

stdio: configure the client to launch "mcp-conform proxy -- <your server command>" instead
of the server. The session ends when either side ends; the server's process group is
stopped and the proxy exits with the server's exit code.
HTTP: point the client at the proxy's endpoint (printed at start: the upstream's path on
the --listen address). Runs until interrupted (Ctrl-C or SIGTERM).

Options:
  --record <file.jsonl>     write every message to this file as it happens, in the form
                            "mcp-conform validate" reads; credentials in HTTP headers are
                            recorded as fingerprints (sha256:1a2b3c4d…), never in full
  --json <file>             write the findings as JSON at the end (as "validate --json")
  --fail-on-finding         exit 1 when anything was found (for scripted sessions)
  --url <upstream>          the Streamable HTTP endpoint to forward to
  --listen <host:port>      where the HTTP proxy listens (default 127.0.0.1, a free port)
  --protocol-version <rev>  check against this revision (${REVISIONS[0]} … ${REVISIONS[REVISIONS.length - 1]}),
                            whatever the session negotiates
  --max-line-bytes <n>      longest message checked; longer ones are passed through and
                            reported as too long (default ${LOG_DEFAULTS.maxLineBytes})
  -h, --help                show this help

Examples:
  mcp-conform proxy --record session.jsonl -- node build/index.js
  mcp-conform proxy --url http://127.0.0.1:3000/mcp --listen 127.0.0.1:3001 --record session.jsonl
  mcp-conform validate session.jsonl

Exit codes: the server's exit code (stdio) or 0 (HTTP); 1 with --fail-on-finding when
anything was found; 2 usage error; 4 the server command could not be started.
`;

const OPTIONS = {
  record: { type: 'string' },
  json: { type: 'string' },
  'fail-on-finding': { type: 'boolean' },
  url: { type: 'string' },
  listen: { type: 'string' },
  'protocol-version': { type: 'string' },
  'max-line-bytes': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface ProxyStreams {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

const processStreams = (): ProxyStreams => ({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });

export async function proxyCommand(argv: string[], io: CliIO, streams: ProxyStreams = processStreams()): Promise<number> {
  const split = argv.indexOf('--');
  const command = split === -1 ? [] : argv.slice(split + 1);
  const values = parseFlags(split === -1 ? argv : argv.slice(0, split));
  if (values.help) {
    io.stdout(PROXY_HELP);
    return EXIT.ok;
  }
  const upstream = upstreamFlag(values.url);
  if (upstream && command.length > 0) throw new UsageError('proxy takes either --url or a command after --, not both');
  if (!upstream && command.length === 0) throw new UsageError('proxy needs a server command after -- or an --url (see mcp-conform proxy --help)');
  if (!upstream && values.listen !== undefined) throw new UsageError('--listen is for the HTTP proxy (with --url)');
  const listen = listenFlag(values.listen);
  const maxLineBytes = countFlag('--max-line-bytes', values['max-line-bytes'], 1) ?? LOG_DEFAULTS.maxLineBytes;

  const recording = values.record === undefined ? undefined : await openRecording(resolve(io.cwd, values.record), values.record);
  const observer = new TrafficObserver({
    recording,
    protocolVersion: revisionFlag(values['protocol-version']),
    maxLineBytes,
    onFinding: (finding) => io.stderr(findingLine(finding)),
  });
  const outputs = { record: values.record, json: values.json };
  const startedAt = new Date();
  let target: ProxyTarget;
  let exitCode: number;
  try {
    if (upstream) {
      const http = { transport: 'http' as const, url: safeUrl(upstream) };
      target = http;
      exitCode = await serveHttp(upstream, listen, observer, maxLineBytes, io, http, outputs);
    } else {
      target = { transport: 'stdio', command };
      exitCode = await serveStdio(command, streams, observer, maxLineBytes, () => io.stderr(startLine(`checking the stdio server ${command.join(' ')}`, outputs)));
    }
  } finally {
    await recording?.close();
  }
  const report = observer.finish();
  if (recording?.problem) io.stderr(`mcp-conform proxy: ${recording.problem}\n`);
  io.stderr(summaryLine(report));
  if (values.json !== undefined) {
    const path = resolve(io.cwd, values.json);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, `${JSON.stringify(proxyReport({ target, startedAt, exitCode, record: values.record, report }), null, 2)}\n`);
  }
  const found = report.summary.errors + report.summary.warnings > 0;
  return values['fail-on-finding'] && found ? EXIT.failed : exitCode;
}

/** One stdio session, with the signals that end it held; the server's exit code. */
async function serveStdio(command: string[], streams: ProxyStreams, observer: TrafficObserver, maxLineBytes: number, onStarted: () => void): Promise<number> {
  // A client that closes our stderr must not end the session: only what would go there is lost.
  ignoreClosedPipe(streams.stderr);
  const stopOnSignal = holdSignals();
  try {
    const end = await proxyStdio({ command, client: { input: streams.stdin, output: streams.stdout }, serverStderr: streams.stderr, observer, maxLineBytes, onStarted });
    return end.exitCode;
  } finally {
    stopOnSignal();
  }
}

async function serveHttp(
  upstream: URL,
  listen: { host: string; port: number },
  observer: TrafficObserver,
  maxLineBytes: number,
  io: CliIO,
  target: Extract<ProxyTarget, { transport: 'http' }>,
  outputs: ProxyOutputs,
): Promise<number> {
  let proxy;
  try {
    proxy = await startHttpProxy({ upstream, ...listen, observer, maxLineBytes, onNote: (text) => io.stderr(`mcp-conform proxy: ${text}\n`) });
  } catch (err) {
    throw new UsageError(`cannot listen on ${listen.host}:${listen.port}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  target.listen = proxy.endpoint;
  io.stderr(startLine(`listening on ${proxy.endpoint}, forwarding to ${safeUrl(upstream)}`, outputs));
  await untilSignal();
  await proxy.close();
  return EXIT.ok;
}

/** Resolves on the first SIGINT, SIGTERM or SIGHUP: the HTTP proxy's way to end. */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = holdSignals(() => {
      stop();
      resolve();
    });
  });
}

/**
 * Keeps SIGINT/SIGTERM/SIGHUP from killing us outright, so the report is still written. The
 * transport's hooks kill the server's group on those signals, which ends a stdio session.
 */
function holdSignals(onSignal: () => void = () => undefined): () => void {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}

async function openRecording(path: string, shown: string): Promise<Recording> {
  try {
    return await Recording.open(path);
  } catch (err) {
    throw cannotWrite(shown, err);
  }
}

function parseFlags(argv: string[]) {
  return parseCommandArgs({ args: argv, options: OPTIONS }, { command: 'proxy', hint: 'the server command goes after --' }).values;
}

function upstreamFlag(value: string | undefined): URL | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url is not a valid URL: "${safeText(value)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url must be http:// or https://, got "${safeUrl(url)}"`);
  return url;
}

/** `host:port`, `[v6]:port` or a bare port (on 127.0.0.1); loopback and a free port by default. */
function listenFlag(value: string | undefined): { host: string; port: number } {
  if (value === undefined) return { host: '127.0.0.1', port: 0 };
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$|^(\d{1,5})$/.exec(value);
  const port = Number(match?.[3] ?? match?.[4]);
  if (!match || port > 65535) throw new UsageError(`--listen takes host:port (e.g. 127.0.0.1:3001), not "${value}"`);
  return { host: match[1] ?? (match[2] || '127.0.0.1'), port };
}

/** A URL given on the command line, minus anything after a possible userinfo or query. */
function safeText(value: string): string {
  return value.replace(/\/\/[^/@]*@/, '//…@').replace(/\?.*/, '?…');
}
