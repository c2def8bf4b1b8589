// Trust on the 2026-07-28 wire: every check whose revisions include 2026-07-28 fails (or warns)
// on a fault of the fixture's stateless mode over each wire it runs on — stdio, Streamable HTTP
// with JSON replies, with SSE replies — unless that wire is exempt for a recorded reason, and
// then the check skips there. The table is stateless-fault-table.ts, derived from the proofs
// beside the checks (test/proof/<area>.ts). The runs are independent, so they run concurrently
// (vitest's maxConcurrency bounds them).
import { describe, expect, it } from 'vitest';
import type { Check } from '../../src/checks/index.js';
import type { Report } from '../../src/checks/types.js';
import { allChecks } from '../../suites/index.js';
import { isFault } from '../fixtures/faults.js';
import { PROOF_QUIET_MS } from '../proof/runs.js';
import { runAgainstFixture, runAgainstHttpFixture, statusOf } from './harness.js';
import { rowsOf, STATELESS_EXEMPT, STATELESS_FAULT_TABLE, STATELESS_WIRES, type StatelessWire } from './stateless-fault-table.js';

const MODERN = '2026-07-28';
/** A run's own bound: the harness's run deadline, so a busy machine makes a run slow, not failed. */
const RUN_TIMEOUT_MS = 120_000;
const modernChecks = allChecks.filter((c) => c.revisions?.includes(MODERN));

/** The wires a check runs on at 2026-07-28 (legacy HTTP+SSE has no 2026-07-28). */
function wiresOf(check: Check): StatelessWire[] {
  const transports = check.transports ?? ['stdio', 'http'];
  return STATELESS_WIRES.filter((w) => transports.includes(w === 'stdio' ? 'stdio' : 'http'));
}

/** Each row's wires: its own, or every wire of the check that is not exempt. */
function coveredWires(check: Check): Array<{ wire: StatelessWire; fault: string; expect: 'fail' | 'warn' | 'info'; auth: boolean }> {
  const exempt = STATELESS_EXEMPT[check.id] ?? {};
  return rowsOf(check.id).flatMap((row) =>
    (row.wires ?? wiresOf(check).filter((w) => !exempt[w])).map((wire) => ({ wire, fault: row.fault, expect: row.expect, auth: row.auth === true })),
  );
}

function runOn(wire: StatelessWire, opts: { fault?: string; only: string[]; auth?: boolean }): Promise<Report> {
  const common = { ...opts, era: 'stateless' as const, protocolVersion: MODERN as typeof MODERN, quietMs: PROOF_QUIET_MS };
  return wire === 'stdio' ? runAgainstFixture(common) : runAgainstHttpFixture({ ...common, sse: wire === 'http-sse' });
}

describe('every check of 2026-07-28 has a stateless fault on each of its wires', () => {
  it('no check of 2026-07-28 lacks a row or a recorded exemption for a wire it runs on', () => {
    const missing = modernChecks.flatMap((check) => {
      const covered = new Set(coveredWires(check).map((c) => c.wire));
      const exempt = STATELESS_EXEMPT[check.id] ?? {};
      return wiresOf(check).filter((w) => !covered.has(w) && !exempt[w]).map((w) => `${check.id} on ${w}`);
    });
    expect(missing).toEqual([]);
  });

  it('rows and exemptions name checks of 2026-07-28, wires they run on, and faults that exist', () => {
    const byId = new Map(modernChecks.map((c) => [c.id, c]));
    const stale = [...Object.keys(STATELESS_FAULT_TABLE), ...Object.keys(STATELESS_EXEMPT)].filter((id) => !byId.has(id));
    expect(stale).toEqual([]);
    const foreignWires = modernChecks.flatMap((check) => {
      const own = wiresOf(check);
      const named = [...coveredWires(check).map((c) => c.wire), ...(Object.keys(STATELESS_EXEMPT[check.id] ?? {}) as StatelessWire[])];
      return named.filter((w) => !own.includes(w)).map((w) => `${check.id} on ${w}`);
    });
    expect(foreignWires).toEqual([]);
    const unknownFaults = Object.keys(STATELESS_FAULT_TABLE).flatMap((id) => rowsOf(id).map((r) => r.fault)).filter((f) => !isFault(f));
    expect(unknownFaults).toEqual([]);
    const emptyReasons = Object.entries(STATELESS_EXEMPT).flatMap(([id, wires]) => Object.entries(wires).filter(([, why]) => !why?.trim()).map(([w]) => `${id} on ${w}`));
    expect(emptyReasons).toEqual([]);
  });
});

describe.concurrent('exempt wires: the check skips there on the conformant stateless fixture', () => {
  for (const wire of STATELESS_WIRES) {
    const ids = Object.entries(STATELESS_EXEMPT).filter(([, wires]) => wires[wire]).map(([id]) => id);
    if (ids.length === 0) continue;
    it(`${wire}: ${ids.join(', ')}`, { timeout: RUN_TIMEOUT_MS }, async ({ expect }) => {
      const report = await runOn(wire, { only: ids });
      expect(Object.fromEntries(ids.map((id) => [id, statusOf(report, id)]))).toEqual(Object.fromEntries(ids.map((id) => [id, 'skip'])));
    });
  }
});

/** One fixture run per (wire, fault, auth): every check that relies on that fault there. */
function groups(): Array<{ wire: StatelessWire; fault: string; auth: boolean; expected: Record<string, 'fail' | 'warn' | 'info'> }> {
  const found = new Map<string, { wire: StatelessWire; fault: string; auth: boolean; expected: Record<string, 'fail' | 'warn' | 'info'> }>();
  for (const check of modernChecks) {
    for (const c of coveredWires(check)) {
      const key = `${c.wire} ${c.fault} ${c.auth}`;
      const group = found.get(key) ?? { wire: c.wire, fault: c.fault, auth: c.auth, expected: {} };
      group.expected[check.id] = c.expect;
      found.set(key, group);
    }
  }
  return [...found.values()];
}

describe.concurrent('each stateless fault breaks its checks on its wire', () => {
  for (const g of groups()) {
    const ids = Object.keys(g.expected);
    it(`${g.wire} FAULT=${g.fault}${g.auth ? ' (auth mode)' : ''} → ${ids.map((id) => `${id} ${g.expected[id]}`).join(', ')}`, { timeout: RUN_TIMEOUT_MS }, async ({ expect }) => {
      const report = await runOn(g.wire, { fault: g.fault, only: ids, auth: g.auth });
      expect(report.protocolVersion).toBe(MODERN);
      expect(Object.fromEntries(ids.map((id) => [id, statusOf(report, id)]))).toEqual(g.expected);
    });
  }
});
