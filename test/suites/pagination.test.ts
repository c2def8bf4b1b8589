// The shared list walk (suites/lib/list-all.ts) on scripted servers: how each kind of endless
// or broken pagination ends the walk, and duplicates across pages.
import { describe, expect, it } from 'vitest';
import type { Outcome, Session } from '../../src/session/index.js';
import { walkPages } from '../../suites/lib/list-all.js';

/** A stand-in Session whose tools/list answers come from `page(cursor)`. */
function scripted(page: (cursor: string | undefined) => Record<string, unknown>): { session: Session; requests: () => number } {
  let next = 1;
  let count = 0;
  const fake = {
    findings: [],
    allocateId: () => next++,
    now: () => 0,
    async request(method: string, params: { cursor?: string } | undefined, opts: { id: number }): Promise<Outcome> {
      count++;
      const result = page(params?.cursor);
      return { kind: 'result', id: opts.id, result, message: { jsonrpc: '2.0', id: opts.id, result }, ms: 0 };
    },
  };
  return { session: fake as unknown as Session, requests: () => count };
}

const tool = (n: number) => ({ name: `t${n}`, inputSchema: { type: 'object' } });

describe('walkPages', () => {
  it('follows cursors to the last page and keeps every item in order', async () => {
    const { session } = scripted((c) => {
      const at = c === undefined ? 0 : Number(c);
      return at + 2 < 5 ? { tools: [tool(at), tool(at + 1)], nextCursor: String(at + 2) } : { tools: [tool(at)] };
    });
    const walk = await walkPages(session, 'tools/list', 'tools');
    expect(walk.end).toBe('complete');
    expect(walk.items.map((t) => (t as { name: string }).name)).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(walk.pages.map((p) => p.cursor)).toEqual([undefined, '2', '4']);
    expect(walk.duplicates).toEqual([]);
  });

  it('stops on a cursor it already followed', async () => {
    const { session } = scripted((c) => (c === undefined ? { tools: [tool(0)], nextCursor: 'a' } : c === 'a' ? { tools: [tool(1)], nextCursor: 'b' } : { tools: [tool(2)], nextCursor: 'a' }));
    const walk = await walkPages(session, 'tools/list', 'tools');
    expect(walk.end).toBe('loop');
    expect(walk.detail).toMatch(/"a"/);
  });

  it('stops on a page that brings nothing new, and records the duplicates', async () => {
    const { session } = scripted((c) => (c === undefined ? { tools: [tool(0), tool(1)], nextCursor: 'x1' } : { tools: [tool(0), tool(1)], nextCursor: `x${Number(c.slice(1)) + 1}` }));
    const walk = await walkPages(session, 'tools/list', 'tools');
    expect(walk.end).toBe('repeat');
    expect(walk.duplicates).toEqual([
      { identity: 'name "t0"', pages: [0, 1] },
      { identity: 'name "t1"', pages: [0, 1] },
    ]);
  });

  it('stops after a run of empty pages, and at the page cap', async () => {
    const empty = scripted((c) => ({ tools: [], nextCursor: `${c ?? ''}+` }));
    expect((await walkPages(empty.session, 'tools/list', 'tools')).end).toBe('stalled');
    expect(empty.requests()).toBe(10);
    let n = 0;
    const endless = scripted(() => ({ tools: [tool(n++)], nextCursor: `c${n}` }));
    const walk = await walkPages(endless.session, 'tools/list', 'tools', undefined, 25);
    expect(walk.end).toBe('cap');
    expect(endless.requests()).toBe(25);
    expect(walk.evidence.filter((e) => e.type === 'message')).toHaveLength(10); // first 3 and last 2 exchanges
  });

  it('treats a null or empty nextCursor as a broken last page, not as a cursor', async () => {
    for (const nextCursor of [null, '']) {
      const { session, requests } = scripted(() => ({ tools: [tool(0)], nextCursor }));
      const walk = await walkPages(session, 'tools/list', 'tools');
      expect(walk.end).toBe('bad-cursor');
      expect(requests()).toBe(1);
    }
  });

  it('names resources by uri and templates by uriTemplate', async () => {
    const { session } = scripted(() => ({ resourceTemplates: [{ name: 'same', uriTemplate: 'a://{x}' }, { name: 'same', uriTemplate: 'b://{x}' }] }));
    const walk = await walkPages(session, 'resources/templates/list', 'resourceTemplates');
    expect(walk.duplicates).toEqual([]);
  });
});
