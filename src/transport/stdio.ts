// stdio transport: the server is a child process speaking newline-delimited JSON-RPC on
// stdin/stdout (STDIO-1..7). Stdout is parsed incrementally with bounded buffers so banners, logs,
// floods and endless lines become framing reports instead of crashes.
import { isUtf8 } from 'node:buffer';
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { execa, type ResultPromise } from 'execa';
import { TargetUnreachable, type CloseInfo, type CloseOptions, type SendOptions, type SendOutcome, type Transport, type TransportEvents } from './types.js';
import { DEFAULT_MAX_MESSAGE_BYTES, FRAMING_RAW_CHARS, STDERR_LINE_CHARS, STDERR_TRACE_LINES, TRACE_RAW_CHARS, oneLine } from './limits.js';
import { Inbox } from './inbox.js';
import { toJson } from './classify.js';
import { LineSplitter } from './line-splitter.js';
import { Listeners } from './listeners.js';
import { TraceRecorder } from './trace.js';
import { TransportClosed } from './errors.js';
import { signalGroup, trackGroup, untrackGroup } from './process-group.js';
import { describeEarlyExit, describeExit, describeSpawnError } from './spawn-errors.js';
import { exitReasonSuffix } from './exit-reason.js';
import { within } from './within.js';

export interface StdioTransportOptions {
  /** Program and arguments, run without a shell. */
  command: string[];
  /** Added to our own environment. */
  env?: Record<string, string>;
  cwd?: string;
  /** Longest accepted stdout line in bytes (default 4 MiB); longer lines are 'too-large'. */
  maxMessageBytes?: number;
  /** Lines kept by stderrTail() (default 50). */
  stderrTailLines?: number;
  /** How long close() waits for an exit after closing stdin (default 2000 ms). */
  closeGraceMs?: number;
  /** How long close() waits after SIGTERM before SIGKILL (default 2000 ms). */
  termGraceMs?: number;
  /**
   * A process that exits within this window after spawning is unreachable (default 300 ms). The
   * wait ends early once the server writes to stdout. Slow starters that fail later surface as
   * an 'exit' event instead.
   */
  startupWindowMs?: number;
  /** Bound on one stdin write when the server does not read (default 10000 ms). */
  writeTimeoutMs?: number;
}

export interface StdioTransport extends Transport {
  readonly kind: 'stdio';
  /** Pid of the server, which is also its process-group id; undefined before start(). */
  readonly pid: number | undefined;
}

export function createStdioTransport(options: StdioTransportOptions): StdioTransport {
  return new StdioTransportImpl(options);
}

const KILL_WAIT_MS = 5000;
const DRAIN_WAIT_MS = 300;

class StdioTransportImpl implements StdioTransport {
  readonly kind = 'stdio' as const;
  private readonly recorder = new TraceRecorder();
  private readonly listeners = new Listeners((text) => this.recorder.note(text));
  private readonly inbox = new Inbox(this.recorder, this.listeners);
  private readonly stderrLines: string[] = [];
  private stderrTraced = 0;
  private child?: ResultPromise;
  private started = false;
  private running = false;
  private closeRequested = false;
  /** Set while close() waits for an exit after closing stdin (see CloseOptions.graceMs). */
  private shortenGrace?: (ms: number) => void;
  private closing?: Promise<CloseInfo>;
  private exitInfo?: { code: number | null; signal: string | null };
  /** Set when a write to stdin failed: the pipe is broken, so the connection is over. */
  private stdinBroken?: string;
  private readonly exited: Promise<void>;
  private markExited!: () => void;
  private readonly stdoutEnded: Promise<void>;
  private markStdoutEnded!: () => void;
  private readonly stderrEnded: Promise<void>;
  private markStderrEnded!: () => void;
  private readonly firstOutput: Promise<void>;
  private markFirstOutput!: () => void;
  /** The server has written to stdout: it got far enough to speak. */
  private spoke = false;

  constructor(private readonly options: StdioTransportOptions) {
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    this.stdoutEnded = new Promise((resolve) => (this.markStdoutEnded = resolve));
    this.stderrEnded = new Promise((resolve) => (this.markStderrEnded = resolve));
    this.firstOutput = new Promise((resolve) => (this.markFirstOutput = resolve));
  }

  get trace() {
    return this.recorder.entries;
  }

  get closed(): boolean {
    return this.closeRequested || this.exitInfo !== undefined || this.stdinBroken !== undefined;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  stderrTail(): string[] {
    return [...this.stderrLines];
  }

  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): void {
    this.listeners.on(event, listener);
  }

  off<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): void {
    this.listeners.off(event, listener);
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('stdio transport: start() called twice');
    this.started = true;
    const [file, ...args] = this.options.command;
    if (!file) throw new TargetUnreachable('no server command given');
    const cwd = this.options.cwd;
    if (cwd !== undefined && !isDirectory(cwd)) throw new TargetUnreachable(`working directory not found: ${cwd}`);

    const child = execa(file, args, {
      env: this.options.env,
      cwd,
      detached: true, // own process group, so close() can signal every descendant at once
      cleanup: false, // execa skips cleanup for detached children; process-group.ts does it
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      buffer: false,
      encoding: 'buffer',
      stripFinalNewline: false,
      reject: false,
      forceKillAfterDelay: false,
    });
    this.child = child;
    // With reject:false execa resolves, but a rejection here must never go unhandled.
    child.then(noop, noop);

    const spawnError = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      child.once('spawn', () => resolve(undefined));
      child.once('error', (error) => resolve(error));
      // A command line Node refuses before starting anything (a NUL byte in an argument or in the
      // environment) gets neither event: execa only settles its result, with the cause.
      child.then(
        (result) => resolve(spawnCause(result)),
        (error: unknown) => resolve(spawnCause(error)),
      );
    });
    if (spawnError || child.pid === undefined) throw new TargetUnreachable(describeSpawnError(spawnError, file));
    const pid = child.pid;
    trackGroup(pid);
    this.recorder.note(`spawned ${oneLine(this.options.command.join(' '))} (pid ${pid})`);
    this.wireStreams(child);

    await Promise.race([this.exited, this.firstOutput, delay(this.options.startupWindowMs ?? 300, undefined, { ref: false })]);
    if (this.closeRequested) throw new TransportClosed('stdio transport was closed while starting');
    if (this.exitInfo) {
      await within(this.outputEnded(), DRAIN_WAIT_MS);
      signalGroup(pid, 'SIGKILL');
      untrackGroup(pid);
      throw new TargetUnreachable(describeEarlyExit(file, this.exitInfo, this.stderrLines));
    }
    this.running = true;
  }

  async send(message: unknown, _options?: SendOptions): Promise<SendOutcome> {
    const raw = toJson(message);
    this.assertWritable();
    this.recorder.add({ kind: 'send', message, raw });
    await this.write(`${raw}\n`);
    return {};
  }

  async sendRaw(bytes: string | Uint8Array): Promise<SendOutcome> {
    this.assertWritable();
    // The trace keeps a bounded prefix: decode only that much of a large buffer.
    const buffer = typeof bytes === 'string' ? undefined : Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const raw = typeof bytes === 'string' ? bytes : buffer!.length > TRACE_RAW_CHARS * 4 ? `${buffer!.subarray(0, TRACE_RAW_CHARS * 4).toString('utf8')}…[${buffer!.length} bytes]` : buffer!.toString('utf8');
    this.recorder.add({ kind: 'send', raw });
    await this.write(buffer ?? (bytes as string));
    return {};
  }

  close(opts: CloseOptions = {}): Promise<CloseInfo> {
    if (this.closing && opts.graceMs !== undefined) this.shortenGrace?.(opts.graceMs);
    this.closing ??= this.shutDown(opts.graceMs);
    return this.closing;
  }

  private wireStreams(child: ResultPromise): void {
    const maxBytes = this.options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    const stdout = new LineSplitter(
      maxBytes,
      (line) => this.onStdoutLine(line),
      (prefix) => this.inbox.framing('too-large', `${prefix.toString('utf8')}…`),
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      this.spoke = true;
      this.markFirstOutput();
      stdout.push(chunk);
    });
    child.stdout?.once('close', () => {
      const rest = stdout.flush();
      if (rest) {
        this.recorder.note('the last stdout line had no trailing newline');
        this.onStdoutLine(rest);
      }
      this.markStdoutEnded();
    });
    child.stdout?.on('error', (error) => this.recorder.note(`stdout error: ${error.message}`));

    const stderr = new LineSplitter(
      STDERR_LINE_CHARS,
      (line) => this.onStderrLine(line.toString('utf8')),
      (prefix) => this.onStderrLine(`${prefix.toString('utf8')} …[line truncated]`),
      STDERR_LINE_CHARS,
    );
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stderr?.once('close', () => {
      const rest = stderr.flush();
      if (rest) this.onStderrLine(rest.toString('utf8'));
      this.markStderrEnded();
    });
    child.stderr?.on('error', (error) => this.recorder.note(`stderr error: ${error.message}`));
    // EPIPE after the server exits is reported by write(); the event must not crash us.
    child.stdin?.on('error', (error) => this.recorder.note(`stdin error: ${error.message}`));

    child.once('exit', (code, signal) => this.onExit(code, signal));
  }

  private onStdoutLine(line: Buffer): void {
    if (!isUtf8(line)) {
      this.inbox.framing('invalid-utf8', bytesHead(line));
      return;
    }
    // Lines that cannot be JSON (banners, logs, floods) are reported without decoding them whole.
    if (!mayBeJson(line)) {
      this.inbox.framing('not-json', bytesHead(line));
      return;
    }
    this.inbox.deliver(line.toString('utf8'), 'not-json', 'not-jsonrpc');
  }

  private onStderrLine(text: string): void {
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    this.stderrLines.push(line);
    if (this.stderrLines.length > (this.options.stderrTailLines ?? 50)) this.stderrLines.shift();
    if (this.stderrTraced < STDERR_TRACE_LINES) this.recorder.add({ kind: 'stderr', text: line });
    else if (this.stderrTraced === STDERR_TRACE_LINES) this.recorder.note('further stderr lines are only kept in the stderr tail');
    this.stderrTraced++;
  }

  private onExit(code: number | null, signal: string | null): void {
    this.exitInfo = { code, signal };
    this.recorder.add({ kind: 'exit', code, signal });
    this.markExited();
    if (!this.running || this.closeRequested) return;
    // Deliver what is still in the pipes before announcing the exit (stderr says why it stopped).
    void within(this.outputEnded(), DRAIN_WAIT_MS).then(() => {
      if (this.closeRequested) return;
      this.listeners.emit('exit', { how: 'exited', code, signal, ...(this.spoke ? {} : { atStart: exitReasonSuffix(this.stderrLines) }) });
    });
  }

  private outputEnded(): Promise<unknown> {
    return Promise.all([this.stdoutEnded, this.stderrEnded]);
  }

  private async shutDown(graceMs?: number): Promise<CloseInfo> {
    this.closeRequested = true;
    const child = this.child;
    const pid = child?.pid;
    if (!child || pid === undefined) return {};
    const begin = performance.now();
    let how: CloseInfo['how'];
    if (this.exitInfo) {
      how = 'already-exited';
    } else {
      child.stdin?.end();
      const stdinClosedAt = performance.now();
      // A later close() with a shorter grace ends this wait sooner (the end of a run, where no exit
      // is judged). Both count from stdin closing: a process closed long ago has had its grace.
      const graceEnds = stdinClosedAt + (graceMs ?? this.options.closeGraceMs ?? 2000);
      const cut = new Promise<boolean>((resolve) => {
        this.shortenGrace = (ms) => {
          if (stdinClosedAt + ms < graceEnds) void delay(Math.max(0, stdinClosedAt + ms - performance.now()), false, { ref: false }).then(resolve);
        };
      });
      const exitedInTime = await Promise.race([this.waitExit(graceEnds - performance.now()), cut]);
      this.shortenGrace = undefined;
      if (exitedInTime) {
        how = 'stdin-close';
      } else {
        this.recorder.note('no exit after stdin close: SIGTERM to the process group');
        signalGroup(pid, 'SIGTERM');
        if (await this.waitExit(this.options.termGraceMs ?? 2000)) {
          how = 'sigterm';
        } else {
          this.recorder.note('no exit after SIGTERM: SIGKILL to the process group');
          signalGroup(pid, 'SIGKILL');
          await this.waitExit(KILL_WAIT_MS);
          how = 'sigkill';
        }
      }
    }
    const closeMs = how === 'already-exited' ? 0 : Math.round(performance.now() - begin);
    // Descendants can outlive the leader (and keep our pipes open): end the whole group.
    signalGroup(pid, 'SIGKILL');
    untrackGroup(pid);
    await within(this.stdoutEnded, DRAIN_WAIT_MS);
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
    this.recorder.note(`closed (${how}) in ${closeMs} ms`);
    return { how, code: this.exitInfo?.code ?? null, signal: this.exitInfo?.signal ?? null, closeMs };
  }

  private async waitExit(ms: number): Promise<boolean> {
    const timer = delay(ms, false, { ref: false });
    return Promise.race([this.exited.then(() => true), timer]);
  }

  private assertWritable(): void {
    if (!this.running || !this.child?.stdin) throw new TransportClosed('stdio transport is not started');
    if (this.closeRequested) throw new TransportClosed('stdio transport is closed');
    if (this.exitInfo) throw new TransportClosed(`server process has exited (${describeExit(this.exitInfo)})`);
    if (this.stdinBroken) throw new TransportClosed(`server stdin is closed (${this.stdinBroken})`);
  }

  private write(data: string | Buffer): Promise<void> {
    const stdin = this.child!.stdin!;
    const ms = this.options.writeTimeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new TransportClosed(`stdin write not completed within ${ms} ms (is the server reading stdin?)`));
      }, ms);
      timer.unref();
      stdin.write(data, (error) => {
        clearTimeout(timer);
        if (error) {
          // EPIPE and friends: the server is gone even if its exit event has not arrived yet.
          this.stdinBroken ??= error.message;
          reject(new TransportClosed(`cannot write to server stdin: ${error.message}`));
        }
        else resolve();
      });
    });
  }

}

/** The error that kept a process from starting, from execa's result of it. */
function spawnCause(result: unknown): NodeJS.ErrnoException {
  const cause = (result as { cause?: unknown } | undefined)?.cause;
  return cause instanceof Error ? cause : new Error('the process could not be started');
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function noop(): void {}

/** The start of a line as text, for framing reports, without decoding the whole line. */
function bytesHead(line: Buffer): string {
  if (line.length <= FRAMING_RAW_CHARS) return line.toString('utf8');
  return `${line.subarray(0, FRAMING_RAW_CHARS).toString('utf8')}…`;
}

/**
 * Cheap byte-level screen: the first non-blank byte must be able to start a JSON text, and an
 * object, array or string must end with its closing byte. Blank lines pass (and fail parsing).
 */
function mayBeJson(line: Buffer): boolean {
  let start = 0;
  let end = line.length - 1;
  while (start <= end && isBlank(line[start]!)) start++;
  while (end >= start && isBlank(line[end]!)) end--;
  if (start > end) return true;
  const first = line[start]!;
  if (!JSON_START.has(first)) return false;
  const closer = CLOSERS.get(first);
  return closer === undefined || (end > start && line[end] === closer);
}
const isBlank = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0d;
const JSON_START = new Set([...'{["-0123456789tfn'].map((c) => c.charCodeAt(0)));
const CLOSERS = new Map([...['{}', '[]', '""']].map(([open, close]) => [open!.charCodeAt(0), close!.charCodeAt(0)]));
