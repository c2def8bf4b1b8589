// The recording reaches the disk whatever ends the process: an exit hook writes what is queued.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { scratch } from './helpers.js';

const RECORDING = join(ROOT, 'dist', 'src', 'proxy', 'recording.js');

describe('the recording', () => {
  it('keeps every line queued when the process exits at once (process.exit, as on an uncaught error)', async (ctx) => {
    const file = join(scratch(ctx.onTestFinished), 'cut.jsonl');
    const script = `
      const { Recording } = await import(${JSON.stringify(RECORDING)});
      const r = await Recording.open(${JSON.stringify(file)});
      for (let i = 1; i <= 5000; i++) r.message('server->client', JSON.stringify({ jsonrpc: '2.0', id: i, result: { text: 'x'.repeat(200) } }));
      process.exit(3);`;
    const run = await execa(process.execPath, ['--input-type=module', '-e', script], { reject: false, timeout: 30_000 });
    expect(run.exitCode, run.stderr).toBe(3);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(5000);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ direction: 'server->client', message: { id: 5000 } });
  });
});
