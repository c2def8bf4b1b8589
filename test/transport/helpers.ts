// Shared helpers for transport tests: event collection, bounded waiting, process liveness.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { FramingProblem, Transport } from '../../src/transport/types.js';

export const STDIO_SERVER = fileURLToPath(new URL('./servers/stdio-server.mjs', import.meta.url));

export function stdioCommand(...flags: string[]): string[] {
  return [process.execPath, STDIO_SERVER, ...flags];
}

export interface Collected {
  messages: Record<string, unknown>[];
  raws: string[];
  framing: { problem: FramingProblem; raw: string }[];
  exits: unknown[];
}

export function collect(transport: Transport): Collected {
  const got: Collected = { messages: [], raws: [], framing: [], exits: [] };
  transport.on('message', (message, raw) => {
    got.messages.push(message as Record<string, unknown>);
    got.raws.push(raw);
  });
  transport.on('framing', (problem, raw) => got.framing.push({ problem, raw }));
  transport.on('exit', (info) => got.exits.push(info));
  return got;
}

/** Polls until the predicate holds; throws after `ms` so a test never hangs. */
export async function waitFor<T>(what: string, probe: () => T | undefined | false, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function byMethod(got: Collected, method: string): Record<string, unknown> | undefined {
  return got.messages.find((m) => m.method === method);
}

export function byId(got: Collected, id: unknown): Record<string, unknown> | undefined {
  return got.messages.find((m) => m.id === id);
}

/** Alive means signalable and not a zombie waiting to be reaped. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** A port nothing listens on: bind one, then let it go. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
