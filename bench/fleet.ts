// `npx tsx bench/fleet.ts [servers] [checks]`: merge of a synthetic fleet (default 200 servers ×
// 250 checks, test/fleet/synthetic.ts): reading the 200 JSON reports, merging, and writing the
// merged JSON, JUnit and matrix page; CPU ms and sizes of each. Asserts nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeReports, readReport, toFleetHtml, toFleetJson } from '../src/fleet/index.js';
import { toJson, toJunit } from '../src/report/index.js';
import { syntheticFleet } from '../test/fleet/synthetic.js';

const servers = Number(process.argv[2] ?? 200);
const checks = Number(process.argv[3] ?? 250);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conform-bench-fleet-'));
  try {
    const files = syntheticFleet(servers, checks).map((report, i) => {
      const file = join(dir, `report-${i}.json`);
      writeFileSync(file, toJson(report));
      return file;
    });
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    const rows: string[] = [];
    const step = async <T>(name: string, work: () => T | Promise<T>, size?: (value: T) => number): Promise<T> => {
      const c0 = cpu();
      const t0 = performance.now();
      const value = await work();
      const bytes = size ? ` ${(size(value) / 2 ** 20).toFixed(2)} MiB` : '';
      rows.push(`| ${name} | ${Math.round(cpu() - c0)} ms CPU, ${Math.round(performance.now() - t0)} ms wall |${bytes} |`);
      return value;
    };
    const loaded = await step('read the reports', () => Promise.all(files.map(readReport)));
    const merged = await step('merge', () => mergeReports(loaded, { name: 'mcp-conform', version: 'bench' }));
    await step('merged JSON', () => toFleetJson(merged), (t) => Buffer.byteLength(t));
    await step('merged JUnit', () => toJunit(merged, { byServer: true }), (t) => Buffer.byteLength(t));
    await step('matrix page', () => toFleetHtml(merged), (t) => Buffer.byteLength(t));
    console.log(`merge of ${servers} servers × ${checks} checks (load ${loadavg().map((n) => n.toFixed(1)).join(' ')})\n`);
    console.log('| step | time | output |\n|---|---|---|');
    console.log(rows.join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
