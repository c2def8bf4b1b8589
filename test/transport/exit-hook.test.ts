// No server process may outlive us: if our own process exits or is signalled without close(),
// the transport's hooks kill every live server process group.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAlive, waitFor } from './helpers.js';

const DRIVER = fileURLToPath(new URL('./helpers/orphan-driver.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url)); // where `--import tsx` resolves

async function runDriver(mode: 'exit' | 'signal') {
  const driver = spawn(process.execPath, ['--import', 'tsx', DRIVER, mode], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  driver.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(driver, 'exit');
  const line = await waitFor('pids from the driver', () => output.includes('\n') && output, 20_000);
  const pids = JSON.parse(line) as { server: number; grandchild: number };
  return { driver, exited, pids };
}

describe('stdio transport: process-exit hooks', () => {
  it('kills the server group when our process exits without close()', async () => {
    const { exited, pids } = await runDriver('exit');
    const [code] = await exited;
    expect(code).toBe(0);
    await waitFor('server gone', () => !isAlive(pids.server), 3000);
    await waitFor('grandchild gone', () => !isAlive(pids.grandchild), 3000);
  });

  it('kills the server group when our process is terminated by a signal', async () => {
    const { driver, exited, pids } = await runDriver('signal');
    expect(isAlive(pids.grandchild)).toBe(true);
    driver.kill('SIGTERM');
    const [, signal] = await exited;
    expect(signal).toBe('SIGTERM'); // default behaviour restored after cleanup
    await waitFor('server gone', () => !isAlive(pids.server), 3000);
    await waitFor('grandchild gone', () => !isAlive(pids.grandchild), 3000);
  });
});
