// `mcp-conform list`: the check catalog.
import { parseArgs } from 'node:util';
import { areaOf, type Check } from '../checks/index.js';
import { EXIT, UsageError } from './errors.js';
import type { CliIO } from './io.js';

export async function listCommand(argv: string[], io: CliIO, checks: readonly Check[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { coverage: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message.split('\n')[0]} (see mcp-conform list --help)`);
  }
  if (values.help) {
    io.stdout('Usage: mcp-conform list [--json] [--coverage]\n\nLists every check: id, level, requirement ids, revisions and title.\n');
    return EXIT.ok;
  }
  if (values.json) {
    const rows = checks.map((c) => ({ id: c.id, title: c.title, level: c.level, requirements: c.requirements, revisions: c.revisions, transports: c.transports ?? ['stdio', 'http'], needs: c.needs ?? [] }));
    io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
    return EXIT.ok;
  }
  let area = '';
  for (const c of checks) {
    if (areaOf(c.id) !== area) {
      area = areaOf(c.id);
      io.stdout(`${area}\n`);
    }
    io.stdout(`  ${c.id.padEnd(44)} ${c.level.padEnd(6)} ${c.requirements.join(',').padEnd(18)} ${c.title}\n`);
  }
  io.stdout(`${checks.length} checks\n`);
  return EXIT.ok;
}
