// Starts a stdio server with a grandchild, prints both pids as one JSON line, then either exits
// at once without close() ('exit') or waits to be signalled ('signal'). The transport's hooks
// must kill the server's process group either way.
import { createStdioTransport } from '../../../src/transport/stdio.js';
import { stdioCommand } from '../helpers.js';

const mode = process.argv[2] ?? 'exit';
const transport = createStdioTransport({ command: stdioCommand('--grandchild', '--ignore-stdin-close') });
transport.on('message', (message) => {
  const m = message as { method?: string; params?: { pid: number } };
  if (m.method !== 'grandchild') return;
  process.stdout.write(`${JSON.stringify({ server: transport.pid, grandchild: m.params!.pid })}\n`);
  if (mode === 'exit') process.exit(0);
  else setInterval(() => {}, 1000);
});
await transport.start();
