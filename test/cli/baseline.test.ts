// The baseline's verdict: new failures first; only a check judged this run can make an entry
// stale; an entry whose check skipped or did not run is kept, and said so.
import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../../src/cli/baseline.js';

const baseline = new Set(['capabilities/task-member-ignored', 'tools/list-schema', 'lifecycle/ping', 'gone/away']);

describe('applyBaseline', () => {
  it('names the new failure first, keeps the entries of skipped or absent checks, and calls only judged ones stale', () => {
    const verdict = applyBaseline(
      baseline,
      [
        { id: 'capabilities/task-member-ignored', status: 'skip' },
        { id: 'tools/list-schema', status: 'fail' },
        { id: 'lifecycle/ping', status: 'pass' },
        { id: 'lifecycle/server-info', status: 'fail' },
      ],
      false,
    );
    expect(verdict.lines).toEqual([
      'baseline: unexpected failure lifecycle/server-info (not in the baseline)',
      'baseline: stale entry lifecycle/ping (it no longer fails: remove it)',
      'baseline: entry capabilities/task-member-ignored was not judged this run (skipped): kept',
      'baseline: entry gone/away was not judged this run (not run): kept',
    ]);
    expect(verdict).toMatchObject({ ok: false, unexpected: ['lifecycle/server-info'], stale: ['lifecycle/ping'], unjudged: ['capabilities/task-member-ignored', 'gone/away'] });
  });

  it('a baseline whose only other entries skipped holds', () => {
    const verdict = applyBaseline(baseline, [
      { id: 'capabilities/task-member-ignored', status: 'skip' },
      { id: 'tools/list-schema', status: 'fail' },
      { id: 'lifecycle/ping', status: 'fail' },
    ], false);
    expect(verdict.ok).toBe(true);
    expect(verdict.stale).toEqual([]);
    expect(verdict.lines.at(-1)).toBe('baseline: held (2 expected failure(s))');
  });

  it('in a matrix, a failure at one revision and a skip at another is still the expected failure', () => {
    const verdict = applyBaseline(new Set(['tools/list-schema']), [
      { id: 'tools/list-schema', status: 'skip' },
      { id: 'tools/list-schema', status: 'fail' },
    ], false);
    expect(verdict).toMatchObject({ ok: true, stale: [], unjudged: [] });
  });
});
