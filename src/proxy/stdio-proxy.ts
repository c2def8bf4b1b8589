// The stdio proxy: spawns the server in its own process group and relays bytes both ways exactly
// as they come (chunks are written first and copied to the observer after), passing the
// server's stderr through. Flow control is the pipes' own: a side that stops reading pauses the
// other, so memory stays bounded whatever the traffic. The session ends when either side ends;
// then the server gets its stdin closed, SIGTERM, SIGKILL, each after a grace period, and its
// whole group is killed so nothing outlives the proxy.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { LineSplitter } from '../schema/log/index.js';
import { signalGroup, trackGroup, untrackGroup } from '../transport/process-group.js';
import { describeSpawnError } from '../transport/spawn-errors.js';
import { TargetUnreachable } from '../transport/types.js';
import { within } from '../transport/within.js';
import type { TrafficObserver } from './observer.js';

export interface StdioProxyOptions {
  command: string[];
  /** What the client writes (our stdin) and reads (our stdout). */
  client: { input: Readable; output: Writable };
  /** Where the server's stderr goes, byte for byte (our stderr). */
  serverStderr: Writable;
  observer: TrafficObserver;
  maxLineBytes: number;
  /** After stdin is closed, how long the server may take to exit before SIGTERM (default 2000 ms). */
  closeGraceMs?: number;
  /** After SIGTERM, how long before SIGKILL (default 2000 ms). */
  termGraceMs?: number;
  /** Once the server process is running (not called when it cannot start). */
  onStarted?: () => void;
}

export interface StdioProxyEnd {
  /** Who ended the session. */
  endedBy: 'client' | 'server';
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The exit code a shell would report for the server: its code, or 128 + the signal's number. */
  exitCode: number;
}

const KILL_WAIT_MS = 5000;
/** How long the rest of the server's stdout may take to arrive once it exited. */
const DRAIN_MS = 300;

/** Runs one proxied session; rejects with TargetUnreachable when the command cannot start. */
export async function proxyStdio(options: StdioProxyOptions): Promise<StdioProxyEnd> {
  const child = await start(options.command);
  const pid = child.pid!;
  trackGroup(pid);
  options.onStarted?.();
  try {
    return await relay(child, options);
  } finally {
    signalGroup(pid, 'SIGKILL'); // descendants that outlived the leader
    untrackGroup(pid);
  }
}

async function start(command: string[]): Promise<ChildProcessWithoutNullStreams> {
  const [file, ...args] = command;
  if (!file) throw new TargetUnreachable('no server command given');
  let child: ChildProcessWithoutNullStreams;
  try {
    // Own process group (detached), so one signal reaches the server and its descendants.
    child = spawn(file, args, { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (err) {
    // Node refuses some command lines synchronously (a NUL byte in an argument).
    throw new TargetUnreachable(describeSpawnError(err as NodeJS.ErrnoException, file));
  }
  const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', resolve);
  });
  if (error || child.pid === undefined) throw new TargetUnreachable(describeSpawnError(error, file));
  return child;
}

function relay(child: ChildProcessWithoutNullStreams, options: StdioProxyOptions): Promise<StdioProxyEnd> {
  const { client, observer } = options;
  const pid = child.pid!;
  const toServer = new LineSplitter(options.maxLineBytes, observer.sink('client->server'));
  const toClient = new LineSplitter(options.maxLineBytes, observer.sink('server->client'));

  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  const stdoutClosed = new Promise<void>((resolve) => child.stdout.once('close', resolve));

  const onClientData = (chunk: Buffer) => {
    if (!child.stdin.write(chunk)) {
      client.input.pause();
      child.stdin.once('drain', () => client.input.resume());
    }
    toServer.push(chunk);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    if (!client.output.write(chunk)) {
      child.stdout.pause();
      client.output.once('drain', () => child.stdout.resume());
    }
    toClient.push(chunk);
  });
  // A client may close our stderr (or never read it): the server's stderr is then dropped, and
  // the session goes on.
  child.stderr.on('data', (chunk: Buffer) => {
    if (!options.serverStderr.destroyed && !options.serverStderr.writableEnded) options.serverStderr.write(chunk);
  });
  const onStderrError = () => options.serverStderr.destroy();
  options.serverStderr.on('error', onStderrError);
  // A broken pipe on either side ends the session below; the error events must not crash us.
  child.stdin.on('error', () => undefined);
  child.stdout.on('error', () => undefined);
  child.stderr.on('error', () => undefined);

  return new Promise<StdioProxyEnd>((resolve) => {
    let ending = false;
    const onClientEnd = () => void end('client');
    const onClientOutputError = () => void end('client');
    const end = async (endedBy: StdioProxyEnd['endedBy']) => {
      if (ending) return;
      ending = true;
      client.input.off('data', onClientData);
      client.input.off('end', onClientEnd);
      client.input.off('error', onClientEnd);
      client.input.pause();
      toServer.end();
      child.stdin.end();
      await stopServer(pid, exited, () => exit !== undefined, options);
      // Relay what the server wrote before it exited (bounded: a descendant may hold the pipe).
      await within(stdoutClosed, DRAIN_MS);
      toClient.end();
      client.output.off('error', onClientOutputError);
      options.serverStderr.off('error', onStderrError);
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream.destroy();
      const { code, signal } = exit ?? { code: null, signal: null };
      resolve({ endedBy, code, signal, exitCode: shellExitCode(code, signal) });
    };
    client.input.on('data', onClientData);
    client.input.once('end', onClientEnd);
    client.input.once('error', onClientEnd);
    client.output.on('error', onClientOutputError);
    child.stdout.once('end', () => void end('server'));
    void exited.then(() => end('server'));
  });
}

/** Waits for the exit, escalating from a closed stdin to SIGTERM to SIGKILL. */
async function stopServer(pid: number, exited: Promise<void>, hasExited: () => boolean, options: StdioProxyOptions): Promise<void> {
  if (hasExited()) return;
  const waitExit = async (ms: number) => (await within(exited.then(() => true), ms)) ?? false;
  if (await waitExit(options.closeGraceMs ?? 2000)) return;
  signalGroup(pid, 'SIGTERM');
  if (await waitExit(options.termGraceMs ?? 2000)) return;
  signalGroup(pid, 'SIGKILL');
  await waitExit(KILL_WAIT_MS);
}

function shellExitCode(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}
