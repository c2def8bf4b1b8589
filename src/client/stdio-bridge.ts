// The server command a stdio client is given: a relay, Node built-ins only, that connects back to
// the `mcp-conform client` run over TCP and copies the client's stdin to it and its answers to
// stdout, byte for byte. It ends when the client closes its stdin (passed on as a half-close) or
// when the run closes the connection.
import { connect } from 'node:net';

/** `host:port` → its parts; undefined when it is not one. */
export function parseAddress(text: string | undefined): { host: string; port: number } | undefined {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text ?? '');
  if (!m) return undefined;
  const port = Number(m[3]);
  return port > 0 && port < 65536 ? { host: m[1] ?? m[2], port } : undefined;
}

export const BRIDGE_USAGE = 'usage: mcp-conform client-stdio-server --connect <host:port>  (the address `mcp-conform client` prints or was given with --listen)';

/** Runs the relay; resolves with the exit code once it is over. */
export function runStdioBridge(argv: readonly string[], stderr: (text: string) => void = (t) => process.stderr.write(t)): Promise<number> {
  const i = argv.indexOf('--connect');
  const address = parseAddress(i >= 0 ? argv[i + 1] : undefined);
  if (!address) {
    stderr(`${BRIDGE_USAGE}\n`);
    return Promise.resolve(2);
  }
  return new Promise((resolve) => {
    const socket = connect(address);
    socket.once('connect', () => {
      process.stdin.pipe(socket);
      socket.pipe(process.stdout);
    });
    socket.once('error', (error) => {
      stderr(`mcp-conform stdio server: cannot reach the test run at ${address.host}:${address.port}: ${error.message} (is "mcp-conform client" running?)\n`);
      resolve(1);
    });
    socket.once('close', () => resolve(0));
    // Our stdout closed by the client: nothing can reach it any more.
    process.stdout.once('error', () => socket.destroy());
  });
}
