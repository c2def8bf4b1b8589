// `mcp-conform badge <report.json> --out <prefix>`: <prefix>.json (a shields.io endpoint) and
// <prefix>.svg (src/fleet/badge.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { badgeJson, badgeOf, badgeSvg, readReport } from '../fleet/index.js';
import { parseCommandArgs } from './args.js';
import { EXIT, UsageError } from './errors.js';
import { cannotWrite } from './file-errors.js';
import type { CliIO } from './io.js';

export const BADGE_HELP = `Usage: mcp-conform badge <report.json> --out <path-prefix>

Writes <prefix>.json, a shields.io endpoint ({ schemaVersion, label, message, color }), and
<prefix>.svg, the same badge as a self-contained image, e.g. "MCP 2025-11-25 | 71/73 MUST":
the MUST checks passed of those that applied (skipped and informational ones do not count),
over every revision and server of the report. Bright green when all passed, yellow from 90 %,
red below. docs/github-action.md shows how to publish it from CI.

Options:
  --out <path-prefix>   where to write, e.g. badges/mcp (badges/mcp.json, badges/mcp.svg)
  -h, --help            this help

Exit codes: 0 written, 2 usage error or a report that cannot be read, 5 internal error.
`;

export async function badgeCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    { args: argv, options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true },
    { command: 'badge' },
  );
  if (values.help) {
    io.stdout(BADGE_HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError(`badge takes one JSON report, got ${positionals.length} (see mcp-conform badge --help)`);
  if (!values.out) throw new UsageError('badge needs --out <path-prefix>, e.g. --out badges/mcp');
  const badge = badgeOf((await readReport(positionals[0])).report);
  const prefix = values.out.replace(/\.(json|svg)$/, '');
  for (const [path, text] of [[`${prefix}.json`, badgeJson(badge)], [`${prefix}.svg`, badgeSvg(badge)]]) {
    try {
      await mkdir(dirname(resolve(path)), { recursive: true });
      await writeFile(path, text, 'utf8');
    } catch (err) {
      throw cannotWrite(path, err);
    }
  }
  io.stdout(`${badge.label} | ${badge.message} (${badge.color}): ${prefix}.json, ${prefix}.svg\n`);
  return EXIT.ok;
}
