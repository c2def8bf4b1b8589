// Rules the official JSON files state only in prose ("must" in a doc comment, catalog Kind S)
// and so cannot enforce themselves. Each is a small function over an already schema-valid body.
import { problem, type Problem } from './problems.js';

type Rule = (result: Record<string, unknown>) => Problem | undefined;

/** Extra checks on results, by method. */
export const RESULT_RULES: Readonly<Record<string, Rule>> = {
  // The 100-value cap is a doc comment until 2026-07-28 made it maxItems.
  'completion/complete': (result) => {
    const values = (result.completion as { values?: unknown } | undefined)?.values;
    if (Array.isArray(values) && values.length > 100) {
      return problem('schema', '/result/completion/values', 'at most 100 values', `${values.length} values`, 'COMP-3');
    }
    return undefined;
  },
};
