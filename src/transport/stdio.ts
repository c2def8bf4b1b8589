// stdio transport: the server is a child process speaking newline-delimited JSON-RPC on
// stdin/stdout (STDIO-1..7). Stdout is parsed incrementally with bounded buffers so banners, logs,
// floods and endless lines become framing reports instead of crashes.
import { isUtf8 } from 'node:buffer';
import { setTimeout as delay } from 'node:timers/promises';
import { TargetUnreachable, isPieces, type CloseInfo, type CloseOptions, type RawBytes, type SendOptions, type SendOutcome, type Transport, type TransportEvents } from './types.js';
import { FRAMING_RAW_CHARS, STDERR_TRACE_LINES, TRACE_RAW_CHARS, oneLine } from './limits.js';
import { Inbox } from './inbox.js';
import { toJson } from './classify.js';
import { Listeners } from './listeners.js';
import { TraceRecorder } from './trace.js';
import { TransportClosed } from './errors.js';
import { ServerProcess, type ProcessOutput } from './server-process.js';
import { describeEarlyExit, describeExit } from './spawn-errors.js';
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
  readonly alive: boolean;
  park(): Promise<void>;
  respawn(): Promise<void>;
}

export function createStdioTransport(options: StdioTransportOptions): StdioTransport {
  return new StdioTransportImpl(options);
}

const DRAIN_WAIT_MS = 300;

class StdioTransportImpl implements StdioTransport {
  readonly kind = 'stdio' as const;
  private readonly recorder = new TraceRecorder();
  private readonly listeners = new Listeners((text) => this.recorder.note(text));
  private readonly inbox = new Inbox(this.recorder, this.listeners);
  private readonly stderrLines: string[] = [];
  private stderrTraced = 0;
  /** The process now behind the connection (a later one after respawn()). */
  private proc?: ServerProcess;
  private started = false;
  /** The process got through its startup window: its exit is announced as an 'exit' event. */
  private running = false;
  /** The process was ended by park(): the connection stays, and its exit is not announced. */
  private parked = false;
  private closeRequested = false;
  private closing?: Promise<CloseInfo>;

  constructor(private readonly options: StdioTransportOptions) {}

  get trace() {
    return this.recorder.entries;
  }

  get closed(): boolean {
    const proc = this.proc;
    return this.closeRequested || (!this.parked && proc !== undefined && (proc.exitInfo !== undefined || proc.stdinBroken !== undefined));
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  get alive(): boolean {
    return this.proc !== undefined && this.proc.exitInfo === undefined;
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
    await this.launch();
  }

  /** Starts the process again once the last one has ended (parked, or exited at start); rejects like start(). */
  async respawn(): Promise<void> {
    if (this.closeRequested) throw new TransportClosed('stdio transport is closed');
    if (this.alive) throw new Error('stdio transport: respawn() while the process still runs');
    this.recorder.note('starting the server again');
    await this.launch();
  }

  /** Ends the process but not the connection (no 'exit' event); respawn() starts another. */
  async park(): Promise<void> {
    const proc = this.proc;
    if (!proc || this.closeRequested || proc.exitInfo) return;
    this.parked = true;
    this.running = false;
    const { how, closeMs } = await proc.stop(this.options.closeGraceMs ?? 2000, this.options.termGraceMs ?? 2000);
    this.recorder.note(`stopped (${how}) in ${closeMs} ms while another copy of the server runs`);
  }

  private async launch(): Promise<void> {
    this.running = false;
    this.parked = false;
    const proc = await ServerProcess.spawn(this.options, this.outputOf(() => this.proc === proc));
    if (this.closeRequested) {
      proc.kill();
      throw new TransportClosed('stdio transport was closed while starting');
    }
    this.proc = proc;
    this.recorder.note(`spawned ${oneLine(this.options.command.join(' '))} (pid ${proc.pid})`);
    await Promise.race([proc.exited, proc.firstOutput, delay(this.options.startupWindowMs ?? 300, undefined, { ref: false })]);
    if (this.closeRequested) throw new TransportClosed('stdio transport was closed while starting');
    if (proc.exitInfo) {
      await within(proc.outputEnded(), DRAIN_WAIT_MS);
      proc.kill();
      throw new TargetUnreachable(describeEarlyExit(this.options.command[0]!, proc.exitInfo, this.stderrLines));
    }
    this.running = true;
  }

  async send(message: unknown, _options?: SendOptions): Promise<SendOutcome> {
    const raw = toJson(message);
    const proc = this.writable();
    this.recorder.add({ kind: 'send', message, raw });
    await proc.write(`${raw}\n`);
    return {};
  }

  async sendRaw(bytes: RawBytes): Promise<SendOutcome> {
    const proc = this.writable();
    if (typeof bytes === 'string') {
      this.recorder.add({ kind: 'send', raw: bytes });
      await proc.write(bytes);
      return {};
    }
    const pieces = (isPieces(bytes) ? bytes : [bytes]).map(asBuffer);
    // Nothing is decoded once the trace is full: it records no more.
    this.recorder.add({ kind: 'send', raw: this.recorder.recording ? traceText(pieces) : '' });
    await proc.write(pieces.length === 1 ? pieces[0] : pieces);
    return {};
  }

  close(opts: CloseOptions = {}): Promise<CloseInfo> {
    if (this.closing && opts.graceMs !== undefined) this.proc?.shorten(opts.graceMs);
    this.closing ??= this.shutDown(opts.graceMs);
    return this.closing;
  }

  /** Where a process's output goes; a process no longer current (an earlier copy) is only noted. */
  private outputOf(current: () => boolean): ProcessOutput {
    return {
      stdoutLine: (line) => current() && this.onStdoutLine(line),
      stdoutTooLarge: (prefix) => current() && this.inbox.framing('too-large', `${prefix.toString('utf8')}…`),
      stderrLine: (text) => this.onStderrLine(text),
      note: (text) => this.recorder.note(text),
      exit: (code, signal) => {
        this.recorder.add({ kind: 'exit', code, signal });
        if (current()) this.onExit(code, signal);
      },
    };
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
    const proc = this.proc!;
    if (!this.running || this.closeRequested || this.parked) return;
    // Deliver what is still in the pipes before announcing the exit (stderr says why it stopped).
    void within(proc.outputEnded(), DRAIN_WAIT_MS).then(() => {
      if (this.closeRequested || proc !== this.proc) return;
      this.listeners.emit('exit', { how: 'exited', code, signal, ...(proc.spoke ? {} : { atStart: exitReasonSuffix(this.stderrLines) }) });
    });
  }

  private async shutDown(graceMs?: number): Promise<CloseInfo> {
    this.closeRequested = true;
    const proc = this.proc;
    if (!proc) return {};
    const { how, closeMs } = await proc.stop(graceMs ?? this.options.closeGraceMs ?? 2000, this.options.termGraceMs ?? 2000);
    this.recorder.note(`closed (${how}) in ${closeMs} ms`);
    return { how, code: proc.exitInfo?.code ?? null, signal: proc.exitInfo?.signal ?? null, closeMs };
  }

  private writable(): ServerProcess {
    const proc = this.proc;
    if (!this.running || !proc) throw new TransportClosed(this.parked ? 'stdio transport is parked (another copy of the server runs)' : 'stdio transport is not started');
    if (this.closeRequested) throw new TransportClosed('stdio transport is closed');
    if (proc.exitInfo) throw new TransportClosed(`server process has exited (${describeExit(proc.exitInfo)})`);
    if (proc.stdinBroken) throw new TransportClosed(`server stdin is closed (${proc.stdinBroken})`);
    return proc;
  }
}

/**
 * A raw write as the trace keeps it. The trace keeps TRACE_RAW_CHARS characters of an entry at
 * most: a larger buffer (a fuzz campaign writes megabytes a second) is decoded only that far, and
 * its size said.
 */
function traceText(pieces: readonly Buffer[]): string {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const head: Buffer[] = [];
  for (let kept = 0, i = 0; kept < TRACE_RAW_CHARS && i < pieces.length; i++) {
    head.push(pieces[i].subarray(0, TRACE_RAW_CHARS - kept));
    kept += head.at(-1)!.length;
  }
  const text = (head.length === 1 ? head[0] : Buffer.concat(head)).toString('utf8');
  return length <= TRACE_RAW_CHARS ? text : `${text}…[${length} bytes]`;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

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
