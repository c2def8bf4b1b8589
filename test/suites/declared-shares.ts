// Proves the records' `shares` lists: wraps checks so a run records each shared scenario a check's
// body asked for itself that its record does not declare (the plan would not show that wait).
import { defineCheck, type Check } from '../../src/checks/index.js';

export function watchShares(checks: readonly Check[]): { checks: Check[]; undeclared: () => string[] } {
  const found = new Set<string>();
  const watched = checks.map((c) =>
    defineCheck({
      ...c,
      run: async (ctx) => {
        try {
          return await c.run(ctx);
        } finally {
          for (const s of ctx.scenariosUsed) if (!c.shares?.includes(s)) found.add(`${c.id}: ${s.name}`);
        }
      },
    }),
  );
  return { checks: watched, undeclared: () => [...found].sort() };
}
