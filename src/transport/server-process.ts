// One spawned stdio server: its own process group, its pipes cut into bounded lines, its exit,
// and the stop sequence (close stdin, wait, SIGTERM, SIGKILL to the group). The stdio transport
// runs one at a time, and may start another once one has ended (a copy that exited at start and
// is tried again, or one stopped while another copy of a server that cannot run twice runs).
import { statSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { execa, type ResultPromise } from 'execa';
import { TargetUnreachable } from './types.js';
import { DEFAULT_MAX_MESSAGE_BYTES, STDERR_LINE_CHARS } from './limits.js';
import { LineSplitter } from './line-splitter.js';
import { TransportClosed } from './errors.js';
import { signalGroup, trackGroup, untrackGroup } from './process-group.js';
import { describeSpawnError, type ExitStatus } from './spawn-errors.js';
import { within } from './within.js';

/** Where a process's output goes (the transport that runs it). */
export interface ProcessOutput {
  stdoutLine(line: Buffer): void;
  stdoutTooLarge(prefix: Buffer): void;
  stderrLine(text: string): void;
  note(text: string): void;
  exit(code: number | null, signal: string | null): void;
}

export interface SpawnOptions {
  command: string[];
  env?: Record<string, string>;
  cwd?: string;
  maxMessageBytes?: number;
  writeTimeoutMs?: number;
}

/** How a stop ended the process, and how long it took. */
export interface Stopped {
  how: 'stdin-close' | 'sigterm' | 'sigkill' | 'already-exited';
  closeMs: number;
}

const KILL_WAIT_MS = 5000;
const DRAIN_WAIT_MS = 300;

export class ServerProcess {
  exitInfo?: ExitStatus;
  /** Set when a write to stdin failed: the pipe is broken, so the connection is over. */
  stdinBroken?: string;
  /** It has written to stdout: it got far enough to speak. */
  spoke = false;
  readonly exited: Promise<void>;
  readonly firstOutput: Promise<void>;
  private markExited!: () => void;
  private markFirstOutput!: () => void;
  private readonly stdoutEnded: Promise<void>;
  private readonly stderrEnded: Promise<void>;
  private markStdoutEnded!: () => void;
  private markStderrEnded!: () => void;
  /** Set while stop() waits for an exit after closing stdin (see shorten()). */
  private shortenGrace?: (ms: number) => void;
  /** stop() was called: output cut short from then on is our doing, not the server's framing. */
  private stopping = false;

  private constructor(
    private readonly child: ResultPromise,
    readonly pid: number,
    private readonly options: SpawnOptions,
    private readonly out: ProcessOutput,
  ) {
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    this.firstOutput = new Promise((resolve) => (this.markFirstOutput = resolve));
    this.stdoutEnded = new Promise((resolve) => (this.markStdoutEnded = resolve));
    this.stderrEnded = new Promise((resolve) => (this.markStderrEnded = resolve));
    this.wireStreams();
  }

  /** Spawns the command in a process group of its own; rejects with TargetUnreachable when it cannot. */
  static async spawn(options: SpawnOptions, out: ProcessOutput): Promise<ServerProcess> {
    const [file, ...args] = options.command;
    if (!file) throw new TargetUnreachable('no server command given');
    if (options.cwd !== undefined && !isDirectory(options.cwd)) throw new TargetUnreachable(`working directory not found: ${options.cwd}`);
    const child = execa(file, args, {
      env: options.env,
      cwd: options.cwd,
      detached: true, // own process group, so a stop can signal every descendant at once
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
    trackGroup(child.pid);
    return new ServerProcess(child, child.pid, options, out);
  }

  /** stdout and stderr have both ended (everything the process wrote has been read). */
  outputEnded(): Promise<unknown> {
    return Promise.all([this.stdoutEnded, this.stderrEnded]);
  }

  /** Resolves true once the process has exited, false after `ms`. */
  async waitExit(ms: number): Promise<boolean> {
    return Promise.race([this.exited.then(() => true), delay(ms, false, { ref: false })]);
  }

  /** Writes `data` to stdin; pieces go in order as one write (writev), none copied. */
  write(data: string | Buffer | readonly Buffer[]): Promise<void> {
    const stdin = this.child.stdin!;
    const ms = this.options.writeTimeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new TransportClosed(`stdin write not completed within ${ms} ms (is the server reading stdin?)`));
      }, ms);
      timer.unref();
      const done = (error: Error | null | undefined) => {
        clearTimeout(timer);
        if (error) {
          // EPIPE and friends: the server is gone even if its exit event has not arrived yet.
          this.stdinBroken ??= error.message;
          reject(new TransportClosed(`cannot write to server stdin: ${error.message}`));
        } else resolve();
      };
      if (typeof data === 'string' || Buffer.isBuffer(data)) {
        stdin.write(data, done);
        return;
      }
      if (data.length === 0) return done(undefined);
      stdin.cork();
      data.forEach((piece, i) => (i === data.length - 1 ? stdin.write(piece, done) : stdin.write(piece)));
      stdin.uncork();
    });
  }

  /**
   * Ends the process: stdin closed, `graceMs` for it to exit, then SIGTERM, `termGraceMs`, then
   * SIGKILL to the group; descendants that outlive it are killed too, and the pipes released.
   */
  async stop(graceMs: number, termGraceMs: number): Promise<Stopped> {
    const begin = performance.now();
    this.stopping = true;
    let how: Stopped['how'];
    if (this.exitInfo) how = 'already-exited';
    else {
      this.child.stdin?.end();
      how = await this.escalate(graceMs, termGraceMs);
    }
    const closeMs = how === 'already-exited' ? 0 : Math.round(performance.now() - begin);
    this.kill();
    await within(this.stdoutEnded, DRAIN_WAIT_MS);
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) stream?.destroy();
    return { how, closeMs };
  }

  /** A stop already under way waits at most `ms` after stdin closed (the end of a run, where no exit is judged). */
  shorten(ms: number): void {
    this.shortenGrace?.(ms);
  }

  /** SIGKILL to the whole group, which is forgotten: nothing of it may outlive us. */
  kill(): void {
    signalGroup(this.pid, 'SIGKILL');
    untrackGroup(this.pid);
  }

  private async escalate(graceMs: number, termGraceMs: number): Promise<Stopped['how']> {
    const stdinClosedAt = performance.now();
    // A later shorten() ends this wait sooner. Both count from stdin closing: a process closed
    // long ago has had its grace.
    const graceEnds = stdinClosedAt + graceMs;
    const cut = new Promise<boolean>((resolve) => {
      this.shortenGrace = (ms) => {
        if (stdinClosedAt + ms < graceEnds) void delay(Math.max(0, stdinClosedAt + ms - performance.now()), false, { ref: false }).then(resolve);
      };
    });
    const exitedInTime = await Promise.race([this.waitExit(graceEnds - performance.now()), cut]);
    this.shortenGrace = undefined;
    if (exitedInTime) return 'stdin-close';
    this.out.note('no exit after stdin close: SIGTERM to the process group');
    signalGroup(this.pid, 'SIGTERM');
    if (await this.waitExit(termGraceMs)) return 'sigterm';
    this.out.note('no exit after SIGTERM: SIGKILL to the process group');
    signalGroup(this.pid, 'SIGKILL');
    await this.waitExit(KILL_WAIT_MS);
    return 'sigkill';
  }

  private wireStreams(): void {
    const { child, out } = this;
    const stdout = new LineSplitter(this.options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES, (line) => out.stdoutLine(line), (prefix) => out.stdoutTooLarge(prefix));
    child.stdout?.on('data', (chunk: Buffer) => {
      this.spoke = true;
      this.markFirstOutput();
      stdout.push(chunk);
    });
    child.stdout?.once('close', () => {
      const rest = stdout.flush();
      // A line we cut short by stopping the process (a big answer still being written) is no
      // message of the server's; one it left unterminated on its own is judged as it stands.
      if (rest && this.stopping) out.note(`the last stdout line (${rest.length} bytes, unterminated) was cut short when we stopped the process: not judged`);
      else if (rest) {
        out.note('the last stdout line had no trailing newline');
        out.stdoutLine(rest);
      }
      this.markStdoutEnded();
    });
    child.stdout?.on('error', (error) => out.note(`stdout error: ${error.message}`));

    const stderr = new LineSplitter(
      STDERR_LINE_CHARS,
      (line) => out.stderrLine(line.toString('utf8')),
      (prefix) => out.stderrLine(`${prefix.toString('utf8')} …[line truncated]`),
      STDERR_LINE_CHARS,
    );
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stderr?.once('close', () => {
      const rest = stderr.flush();
      if (rest) out.stderrLine(rest.toString('utf8'));
      this.markStderrEnded();
    });
    child.stderr?.on('error', (error) => out.note(`stderr error: ${error.message}`));
    // EPIPE after the server exits is reported by write(); the event must not crash us.
    child.stdin?.on('error', (error) => out.note(`stdin error: ${error.message}`));

    child.once('exit', (code, signal) => {
      this.exitInfo = { code, signal };
      this.markExited();
      out.exit(code, signal);
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
