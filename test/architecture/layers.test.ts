// The layers run one way (docs/architecture.md): a module imports only from its own layer and
// the layers below it, and no modules load each other in a circle. Read from the source text
// (import-graph.ts), so a new upward import or cycle fails here, named, before anyone has to
// untangle it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, importsOf, type Edge } from './import-graph.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Bottom first: each may import only those before it. `suites` (the checks) sits outside src/ but between its layers. */
const LAYERS = ['src/schema', 'src/transport', 'src/auth', 'src/session', 'src/proxy', 'src/checks', 'src/report', 'src/fuzz', 'src/client', 'src/attribution', 'src/runner', 'suites', 'src/fleet', 'src/api', 'src/vitest', 'src/index.ts', 'src/cli'] as const;

function layerOf(file: string): string | undefined {
  return LAYERS.find((l) => file === l || file.startsWith(`${l}/`));
}

/** Imports that go from a layer to one above it (type-only ones too: they tie the layer to it all the same). */
function upward(edges: readonly Edge[]): string[] {
  return edges
    .filter((e) => LAYERS.indexOf(layerOf(e.to) as never) > LAYERS.indexOf(layerOf(e.from) as never))
    .map((e) => `${e.from} imports ${e.to} (${layerOf(e.from)} is below ${layerOf(e.to)})`);
}

/** Cycles that load at run time (a value import on every step), and cycles through type imports across directories. */
function circles(edges: readonly Edge[]): string[] {
  const atRunTime = cycles(edges.filter((e) => !e.typeOnly)).map((c) => `value imports in a circle: ${c.join(' → ')}`);
  // A type-only cycle among files of one folder loads nothing and is one module's business; across folders it is an arrow the wrong way.
  const acrossFolders = cycles(edges).filter((c) => new Set(c.map((f) => dirname(f))).size > 1).map((c) => `imports in a circle across folders: ${c.join(' → ')}`);
  return [...atRunTime, ...acrossFolders];
}

describe('one-way layers', () => {
  const edges = importGraph(ROOT, ['src', 'suites']);

  it('reads the graph (a few hundred files, imports of every kind)', () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges.some((e) => e.typeOnly)).toBe(true);
  });

  it('places every file in a layer', () => {
    const unplaced = [...new Set(edges.flatMap((e) => [e.from, e.to]).filter((f) => !layerOf(f)))];
    expect(unplaced, 'a new folder: add it to LAYERS here and to the table of docs/architecture.md').toEqual([]);
  });

  it('has no import from a layer to one above it', () => {
    expect(upward(edges)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(circles(edges)).toEqual([]);
  });

  it('lists the layers in docs/architecture.md in the same order', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Layers')).split('\n## ')[0];
    const rows = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
    expect(rows).toEqual([...LAYERS]);
  });
});

describe('the import-graph reader', () => {
  it('reads every statement form, and which are erased', () => {
    const text = [
      "import fc from 'fast-check';",
      "import { a, b } from './values.js';",
      "import {\n  type A,\n  type B,\n} from './types.js';",
      "import type { C } from './type-only.js';",
      "import d, { e } from \"./double.js\";",
      "export * from './star.js';",
      "export * as ns from './ns.js';",
      "export type { F } from './export-type.js';",
      "export { g, type H } from './mixed.js';",
      "import './side-effect.js';",
      "  const m = await import('./dynamic.js');",
      "// import { nope } from './commented.js';",
      " * import { nope } from './in-a-doc-comment.js';",
      "export const from = 'not an import';",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { specifier: './values.js', typeOnly: false },
      { specifier: './types.js', typeOnly: true },
      { specifier: './type-only.js', typeOnly: true },
      { specifier: './double.js', typeOnly: false },
      { specifier: './star.js', typeOnly: false },
      { specifier: './ns.js', typeOnly: false },
      { specifier: './export-type.js', typeOnly: true },
      { specifier: './mixed.js', typeOnly: false },
      { specifier: './side-effect.js', typeOnly: false },
      { specifier: './dynamic.js', typeOnly: false },
    ]);
  });

  it('finds an upward import and the cycles that matter in a small tree', () => {
    const root = mkdtempSync(join(tmpdir(), 'layers-'));
    const file = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    file('src/schema/a.ts', "import { b } from './b.js';\nexport const a = 1;\n");
    file('src/schema/b.ts', "import { a } from './a.js';\nexport const b = 2;\n");
    file('src/schema/c.ts', "import type { D } from './d.js';\nexport type C = number;\n");
    file('src/schema/d.ts', "import { c } from './c.js';\nexport type D = string;\n");
    file('src/schema/up.ts', "import type { X } from '../checks/x.js';\nexport type Up = X;\n");
    file('src/checks/x.ts', "import type { Up } from '../schema/up.js';\nexport type X = Up;\n");
    const edges = importGraph(root, ['src']);
    expect(upward(edges)).toEqual(['src/schema/up.ts imports src/checks/x.ts (src/schema is below src/checks)']);
    expect(circles(edges)).toEqual([
      'value imports in a circle: src/schema/a.ts → src/schema/b.ts',
      'imports in a circle across folders: src/checks/x.ts → src/schema/up.ts',
    ]);
  });
});
