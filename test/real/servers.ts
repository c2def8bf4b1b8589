// Real third-party servers from npm, started for integration tests (loopback only).
import { execa, type ResultPromise } from 'execa';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
const LOOPBACK = join(ROOT, 'test', 'real', 'loopback.cjs');
export const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts an HTTP server script with PORT set, forced onto 127.0.0.1, and waits until it accepts connections. */
export async function startHttpServer(args: string[], path = '/mcp', env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  return startListeningProcess(['node', '--require', LOOPBACK, ...args], port, path, { PORT: String(port), ...env });
}

/** Starts a command that listens on 127.0.0.1:`port` (told by its arguments or env), and waits until it accepts connections. */
export async function startListeningProcess(command: string[], port: number, path = '/mcp', env: Record<string, string> = {}): Promise<RunningServer> {
  const [file, ...args] = command;
  const child: ResultPromise = execa(file!, args, {
    env,
    reject: false,
    detached: true,
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'ignore',
  });
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
    await child;
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}${path}`, { method: 'GET', signal: AbortSignal.timeout(1000) }).then((r) => r.body?.cancel());
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`server ${command.join(' ')} did not listen on ${port} within 20 s`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url: `http://127.0.0.1:${port}${path}`, stop };
}
