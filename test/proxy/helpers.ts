// Drives the built CLI's proxy (and, for comparison, a server directly) as a scripted client
// would: write a request, wait for its response, and so on; every wait bounded.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from '../cli/run-cli.js';
import type { LogReport } from '../../src/schema/log/index.js';
import { runValidate } from '../validate/helpers.js';

export const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'scripted', version: '1' } } };
export const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  ms: number;
}

/** A running process with its stdout and stderr collected. */
export class Peer {
  readonly child: ChildProcessWithoutNullStreams;
  private out: Buffer[] = [];
  private outText = '';
  err = '';
  private readonly began = Date.now();
  private readonly ended: Promise<Ended>;

  constructor(argv: string[], env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', ...env } });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.out.push(chunk);
      if (this.outText.length < 1_000_000) this.outText += chunk.toString('utf8');
    });
    this.child.stderr.setEncoding('utf8').on('data', (text: string) => (this.err = (this.err + text).slice(-200_000)));
    this.child.stdin.on('error', () => undefined);
    this.ended = new Promise((resolve) =>
      this.child.once('close', (code, signal) => resolve({ code, signal, stdout: Buffer.concat(this.out), stderr: this.err, ms: Date.now() - this.began })),
    );
  }

  get pid(): number {
    return this.child.pid!;
  }

  write(data: string | Buffer): void {
    this.child.stdin.write(data);
  }

  /** Sends a request and waits for the line answering it. */
  async request(message: { id: number | string }, ms = 10_000): Promise<void> {
    this.write(`${JSON.stringify(message)}\n`);
    // Also a response whose id came back as a string (the string-ids fault).
    const ids = [JSON.stringify(message.id), JSON.stringify(String(message.id))].map((id) => `"id":${id}`);
    await this.waitFor(`a response to ${ids[0]}`, () => this.outText.split('\n').some((l) => ids.some((id) => l.includes(id)) && !l.includes('"method"')), ms);
  }

  async waitFor(what: string, probe: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!probe()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; stderr: ${this.err.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Closes stdin and waits for the exit (killed after `ms`, so a test never hangs). */
  async end(ms = 15_000): Promise<Ended> {
    this.child.stdin.end();
    return this.exit(ms);
  }

  async exit(ms = 15_000): Promise<Ended> {
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    try {
      return await this.ended;
    } finally {
      clearTimeout(timer);
    }
  }
}

export const proxyArgv = (flags: string[], command: string[]) => [process.execPath, CLI, 'proxy', ...flags, '--', ...command];

/** A scratch folder removed after the test. */
export function scratch(onFinished: (fn: () => void) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-proxy-'));
  onFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `mcp-conform validate --json` on a recording. */
export async function validateRecording(path: string): Promise<{ code: number; report: LogReport }> {
  const { code, stdout } = await runValidate(['--json', path]);
  return { code, report: JSON.parse(stdout) as LogReport };
}

/** The recording's line `n` (1-based), parsed. */
export function recordedLine(path: string, n: number): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8').split('\n')[n - 1]!) as Record<string, unknown>;
}
