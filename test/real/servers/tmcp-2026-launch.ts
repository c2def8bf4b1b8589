// Starting our 2026-07-28 tmcp server (tmcp-2026.ts) and talking raw JSON-RPC to it, over
// stdio (child_process) and Streamable HTTP (fetch), for tests that bypass the suite's runner.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createParser } from 'eventsource-parser';
import { killGroup } from '../../fixtures/launch.js';
import { routingHeaders } from '../../../src/transport/mcp-headers.js';

export const TMCP_2026_ENTRY = join(import.meta.dirname, 'tmcp-2026.ts');
const TSX = createRequire(import.meta.url).resolve('tsx');
const ROOT = join(import.meta.dirname, '..', '..', '..');
const STARTUP_MS = 15_000;
const REPLY_MS = 10_000;

/** argv that starts the server: `stdio` exits on stdin EOF, `http` prints its listening line. */
export function tmcp2026Command(mode: 'stdio' | 'http'): string[] {
  return [process.execPath, '--import', TSX, TMCP_2026_ENTRY, mode];
}

export type Json = Record<string, unknown>;

/** One request's answer and what the server sent for it before (notifications). */
export interface Exchange {
  response: Json;
  notifications: Json[];
  /** HTTP only. */
  status?: number;
  headers?: Headers;
}

export interface RawClient {
  request(message: Json, extraHeaders?: Record<string, string>): Promise<Exchange>;
  close(): Promise<void>;
}

function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Exits of a child, resolved with its code (null on a signal). */
function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export interface StdioServer extends RawClient {
  /** Every line the server wrote, parsed, in order. */
  readonly received: Json[];
  /** Closes stdin and waits (bounded) for the exit; resolves with the exit code. */
  endInput(ms?: number): Promise<number | null>;
}

/** Spawns the stdio server; `request` writes one line and waits for the response with that id. */
export function startTmcp2026Stdio(): StdioServer {
  const [command, ...args] = tmcp2026Command('stdio');
  const child = spawn(command!, args, { cwd: ROOT, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.resume(); // tmcp logs handler errors there
  const received: Json[] = [];
  const waiting = new Map<unknown, { from: number; resolve: (e: Exchange) => void }>();
  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim())) {
      const message = JSON.parse(line) as Json;
      received.push(message);
      const waiter = 'method' in message ? undefined : waiting.get(message.id);
      if (!waiter) continue;
      waiting.delete(message.id);
      // stdio has one stream: the notifications are whatever arrived while this request was open.
      const notifications = received.slice(waiter.from, -1).filter((m) => 'method' in m && !('id' in m));
      waiter.resolve({ response: message, notifications });
    }
  });
  const exited = exitOf(child);
  return {
    received,
    request(message) {
      const reply = new Promise<Exchange>((resolve) => waiting.set(message.id, { from: received.length, resolve }));
      child.stdin.write(JSON.stringify(message) + '\n');
      return bounded(reply, REPLY_MS, `stdio ${String(message.method)}`);
    },
    async endInput(ms = 5_000) {
      child.stdin.end();
      return bounded(exited, ms, 'stdio exit after EOF');
    },
    close: () => killGroup(child),
  };
}

export interface HttpServer extends RawClient {
  url: string;
}

/** Starts the HTTP server on an ephemeral port and returns a client that POSTs with the 2026 headers. */
export async function startTmcp2026Http(): Promise<HttpServer> {
  const [command, ...args] = tmcp2026Command('http');
  const child = spawn(command!, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORT: '0' } });
  child.stderr.resume();
  const close = () => killGroup(child);
  const listening = new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.once('exit', (code) => reject(new Error(`tmcp-2026 http exited early (${code})`)));
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      const match = /^listening (http:\/\/\S+)$/m.exec(stdout);
      if (match) resolve(match[1]!);
    });
  });
  const url = await bounded(listening, STARTUP_MS, 'tmcp-2026 http listening line').catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return {
    url,
    close,
    async request(message, extraHeaders = {}) {
      const meta = (message.params as Json | undefined)?._meta as Json | undefined;
      const version = meta?.['io.modelcontextprotocol/protocolVersion'];
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(typeof version === 'string' ? { 'MCP-Protocol-Version': version } : {}),
          ...routingHeaders(message),
          ...extraHeaders,
        },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(REPLY_MS),
      });
      const messages = await readMessages(response);
      const reply = messages.find((m) => !('method' in m) && m.id === message.id);
      if (!reply) throw new Error(`HTTP ${response.status}: no response with id ${String(message.id)}`);
      const notifications = messages.filter((m) => m !== reply);
      return { response: reply, notifications, status: response.status, headers: response.headers };
    },
  };
}

/** The JSON-RPC messages of one POST reply: a JSON body, or every event of an SSE stream. */
async function readMessages(response: Response): Promise<Json[]> {
  const body = await response.text();
  if (!response.headers.get('content-type')?.includes('text/event-stream')) return body ? [JSON.parse(body) as Json] : [];
  const messages: Json[] = [];
  const parser = createParser({ onEvent: (event) => event.data && messages.push(JSON.parse(event.data) as Json) });
  parser.feed(body);
  return messages;
}
