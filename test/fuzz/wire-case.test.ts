// The case model: bytes built from specs, and what a server may answer to them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectFor } from '../../src/fuzz/expect.js';
import { showBytes } from '../../src/fuzz/report.js';
import { caseBytes, casePieces, hasBulk, IdAllocator, idSlot, rawInString, rawSlot, RepeatCache, type CaseSpec } from '../../src/fuzz/wire-case.js';
import { malformedCaseArbitrary } from '../../src/fuzz/wire-strategies.js';
import { loadSchemaSet } from '../../src/schema/index.js';

const bytes = (spec: Omit<CaseSpec, 'strategy'>, ids = new IdAllocator()) => caseBytes({ strategy: 't', ...spec }, ids);
const ping = (id: unknown = idSlot()) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('caseBytes', () => {
  it('fills id slots with ids unique on the connection, of the requested type', () => {
    const ids = new IdAllocator();
    const a = JSON.parse(bytes({ message: ping() }, ids).toString());
    const b = JSON.parse(bytes({ message: ping(idSlot('string')) }, ids).toString());
    const c = JSON.parse(bytes({ message: ping(idSlot('unicode')) }, ids).toString());
    expect(typeof a.id).toBe('number');
    expect(b.id).toMatch(/^fz-\d+$/);
    expect(c.id).toMatch(/[^\x00-\x7f]/);
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
  });

  it('writes raw pieces as whole values and inside strings, repeated units and non-UTF-8 bytes included', () => {
    const out = bytes({ message: { a: rawSlot(0), b: `x${rawInString(1)}y` }, raws: [[['[', 3], '0', [']', 3]], [{ bytes: [0xff] }]] });
    expect(out).toEqual(Buffer.concat([Buffer.from('{"a":[[[0]]],"b":"x'), Buffer.from([0xff]), Buffer.from('y"}\n')]));
  });

  it('applies byte edits after the slots and always ends with one newline', () => {
    expect(bytes({ text: 'abcdef', edits: [{ op: 'truncate', at: 0 }] }).toString()).toBe('a\n');
    expect(bytes({ text: 'abcdef', edits: [{ op: 'truncate', at: 3 }] }).toString()).toBe('abcd\n');
    expect(bytes({ text: 'ab', edits: [{ op: 'insert', at: 1, bytes: [0x0a] }] }).toString()).toBe('a\nb\n');
  });

  it('renders a miniature with the same ids and structure but short repeated content', () => {
    const spec: CaseSpec = { strategy: 't', message: { ...ping(), params: { s: rawSlot(0) } }, raws: [['"', ['a', 1 << 20], '"']] };
    expect(hasBulk(spec)).toBe(true);
    const ids = new IdAllocator();
    const mark = ids.mark;
    const mini = caseBytes(spec, ids, true);
    ids.rewind(mark);
    const full = caseBytes(spec, ids);
    expect(full.length).toBeGreaterThan(1 << 20);
    expect(JSON.parse(mini.toString()).id).toBe(JSON.parse(full.toString()).id);
  });
});

/** caseBytes as it was built before it made one buffer per case (a Buffer per piece, then two concatenations): the bytes must not change. */
function formerCaseBytes(spec: CaseSpec, ids: IdAllocator, miniature = false): Buffer {
  const SLOT = /"\\u0000mcp-conform-(id|raw):(\w+)\\u0000"|\\u0000mcp-conform-raw:(\w+)\\u0000/g;
  const rawOf = (raw: NonNullable<CaseSpec['raws']>[number]) =>
    Buffer.concat(
      raw.map((piece) => {
        if (typeof piece === 'string') return Buffer.from(piece, 'utf8');
        if (!Array.isArray(piece)) return Buffer.from(piece.bytes);
        const unit = Buffer.from(piece[0], 'utf8');
        const count = miniature ? Math.min(piece[1], 2) : piece[1];
        return count > 0 && unit.length ? Buffer.alloc(unit.length * count, unit) : Buffer.alloc(0);
      }),
    );
  const slot = (what: string | undefined, arg: string) => {
    if (what === 'id') return Buffer.from(JSON.stringify(ids.next(arg as 'number')));
    const raw = spec.raws?.[Number(arg)];
    return raw ? rawOf(raw) : Buffer.from(what ? 'null' : '');
  };
  const text = spec.text ?? JSON.stringify(spec.message) ?? 'null';
  const parts: Buffer[] = [];
  let last = 0;
  if (text.includes('\\u0000mcp-conform-')) {
    for (const m of text.matchAll(SLOT)) {
      parts.push(Buffer.from(text.slice(last, m.index)));
      parts.push(m[1] ? slot(m[1], m[2]) : slot(undefined, m[3]));
      last = m.index + m[0].length;
    }
  }
  parts.push(Buffer.from(text.slice(last)));
  let out: Buffer = Buffer.concat(parts);
  for (const edit of spec.edits ?? []) {
    if (edit.op === 'truncate') out = out.length <= 1 ? out : out.subarray(0, 1 + (Math.abs(Math.trunc(edit.at)) % (out.length - 1)));
    else {
      const at = Math.abs(Math.trunc(edit.at)) % (out.length + 1);
      out = Buffer.concat([out.subarray(0, at), Buffer.from(edit.bytes), out.subarray(at)]);
    }
  }
  return Buffer.concat([out, Buffer.from('\n')]);
}

describe('caseBytes, one buffer per case', () => {
  it('writes the same bytes as a Buffer per piece did, for every kind of malformed case, lone surrogates and bulk included', () => {
    const arb = malformedCaseArbitrary({ set: loadSchemaSet('2025-11-25'), inventory: { tools: ['echo'], prompts: [], resources: [] } });
    const tricky: CaseSpec[] = [
      { strategy: 't', message: { s: `a${rawInString(0)}b` }, raws: [['\ud800']] },
      { strategy: 't', message: { s: rawSlot(0) }, raws: [['"\udc00', ['\ud83d', 3], '\ude80"']] },
      { strategy: 't', text: '\ud83d', edits: [{ op: 'truncate', at: 1 }] },
    ];
    for (const spec of [...tricky, ...fc.sample(arb, { seed: 7, numRuns: 3000 })]) {
      for (const miniature of [false, true]) {
        const [a, b] = [new IdAllocator(), new IdAllocator()];
        expect(caseBytes(spec, a, miniature).equals(formerCaseBytes(spec, b, miniature)), spec.strategy).toBe(true);
        expect(a.mark).toBe(b.mark);
      }
    }
  });
});

describe('casePieces, a case with bulk as the pipe takes it', () => {
  it('is the same bytes as caseBytes, with the same ids, its repeated content a view of one shared unit', () => {
    const arb = malformedCaseArbitrary({ set: loadSchemaSet('2025-11-25'), inventory: { tools: ['echo'], prompts: [], resources: [] } });
    const bulk = fc.sample(arb, { seed: 7, numRuns: 20_000 }).filter(hasBulk);
    expect(new Set(bulk.map((s) => s.strategy))).toEqual(new Set(['size/huge-string', 'size/deep-nesting', 'method/long-name']));
    const repeats = new RepeatCache();
    for (const spec of bulk) {
      const [a, b] = [new IdAllocator(), new IdAllocator()];
      expect(Buffer.concat(casePieces(spec, a, repeats)).equals(caseBytes(spec, b)), spec.strategy).toBe(true);
      expect(a.mark).toBe(b.mark);
    }
    // Two megabyte strings of one unit share its bytes: no fresh megabyte for each.
    const huge = (n: number): CaseSpec => ({ strategy: 't', message: { ...ping(), params: { s: rawSlot(0) } }, raws: [['"', ['a', n], '"']] });
    const [first, second] = [casePieces(huge(1 << 20), new IdAllocator(), repeats)[1], casePieces(huge(1000), new IdAllocator(), repeats)[1]];
    expect(first.length).toBe(1 << 20);
    expect(second.buffer).toBe(first.buffer);
  });
});

describe('expectFor', () => {
  const expectOf = (text: string, lenient = false) => expectFor(Buffer.from(`${text}\n`), lenient);

  it('wants exactly one answer to a well-formed request, and none to a notification', () => {
    expect(expectOf('{"jsonrpc":"2.0","id":7,"method":"ping"}')).toMatchObject({ answer: [7], optional: [], extra: 0 });
    expect(expectOf('{"jsonrpc":"2.0","method":"ping"}')).toMatchObject({ answer: [], optional: [], extra: 0 });
  });

  it('allows at most one error for broken input, answering the id when a lenient reader could see it', () => {
    expect(expectOf('{"jsonrpc":"2.0","id":7,"meth')).toMatchObject({ answer: [], optional: [], extra: 1 });
    expect(expectOf('{"jsonrpc":"1.0","id":7,"method":"ping"}')).toMatchObject({ answer: [], optional: [7], extra: 1 });
    expect(expectOf('{"jsonrpc":"2.0","id":true,"method":"ping"}')).toMatchObject({ optional: [], looseIds: [true], extra: 1 });
    const badUtf8 = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":7,"method":"pi'), Buffer.from([0xff]), Buffer.from('ng"}\n')]);
    expect(expectFor(badUtf8)).toMatchObject({ answer: [], optional: [7], extra: 1 });
  });

  it('lets a streaming parser echo an id it read before the byte that broke the line', () => {
    // The C# SDK answers this with -32700 carrying id 7: the id member came first.
    expect(expectOf('{"id":7,"js\u0000\u0008onrpc":"2.0","method":"ping"}')).toMatchObject({ answer: [], optional: [7], extra: 1 });
    expect(expectOf('{"id":"a-1","jsonrpc":"2.0","method":"ping"')).toMatchObject({ optional: ['a-1'], extra: 1 });
    // An id after the break, or one that is not a readable id, is not one a server could have read.
    expect(expectOf('{"jsonrpc":"2.0","me\u0000thod":"ping","id":7}')).toMatchObject({ optional: [], extra: 1 });
    expect(expectOf('{"id":1.5,"js\u0000onrpc":"2.0"}')).toMatchObject({ optional: [], extra: 1 });
  });

  it('counts each line of a message split by a raw newline, and tolerates blank lines', () => {
    expect(expectOf('{"jsonrpc":"2.0",\n"id":7,"method":"ping"}')).toMatchObject({ answer: [], extra: 2 });
    expect(expectOf('\n{"jsonrpc":"2.0","id":7,"method":"ping"}')).toMatchObject({ answer: [7], extra: 1 });
  });

  it('lets a request with members JSON-RPC does not define be served or rejected, not ignored', () => {
    expect(expectOf('{"jsonrpc":"2.0","id":7,"method":"ping","x":1}')).toMatchObject({ answer: [7], nullOk: [7] });
  });

  it('turns exactly-one into at-most-one for lenient cases', () => {
    expect(expectOf('{"jsonrpc":"2.0","id":7,"method":"ping"}', true)).toMatchObject({ answer: [], optional: [7], extra: 1 });
  });

  it('stays consistent with every generated malformed case (the ids it expects are the ones sent)', () => {
    const set = loadSchemaSet('2025-11-25');
    const arb = malformedCaseArbitrary({ set, inventory: { tools: [], prompts: [], resources: [] } });
    fc.assert(
      fc.property(arb, (spec) => {
        const b = caseBytes(spec, new IdAllocator());
        const e = expectFor(b, spec.lenient);
        // Slot ids appear as written (literal ids such as 1e2 are read as numbers: 100).
        for (const id of [...e.answer, ...e.optional]) if (typeof id === 'string' || id >= 1e9) expect(b.includes(JSON.stringify(id))).toBe(true);
        expect(e.extra).toBeGreaterThanOrEqual(e.optional.length);
      }),
      { numRuns: 300, seed: 3 },
    );
  });
});

describe('showBytes', () => {
  it('shows raw control bytes, bytes that are not UTF-8 and invisible characters distinctly from JSON escapes', () => {
    const raw = Buffer.concat([Buffer.from('{"a":"\\n\n\u200b'), Buffer.from([0xff]), Buffer.from('"}\n')]);
    expect(showBytes(raw)).toBe('{"a":"\\n<0x0a><U+200B><0xff>"}');
  });

  it('cuts long content in the middle and says how much', () => {
    const shown = showBytes(Buffer.from(`"${'a'.repeat(10_000)}"\n`), 100);
    expect(shown.length).toBeLessThan(200);
    expect(shown).toMatch(/…\[\d+ more bytes\]…/);
  });
});
