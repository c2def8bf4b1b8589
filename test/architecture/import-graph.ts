// The import graph of our own TypeScript, read from the source text: every `import … from`,
// `export … from`, side-effect `import '…'` and dynamic `import('…')` of a relative path, and
// whether it is erased at compile time (`import type`, `export type`, or braces holding only
// `type` names). The TypeScript we build with (7, the native compiler) has no JavaScript API to
// ask, and these statement forms are all the code base uses.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface Edge {
  from: string;
  to: string;
  /** Erased by the compiler: no load order, no runtime cycle. */
  typeOnly: boolean;
}

// import x from, import * as x from, import { a, type b } from, import x, { a } from, export { a } from, export * from (… as x)
const CLAUSE = String.raw`(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\}|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+[\w$]+))?)`;
const STATEMENT = new RegExp(String.raw`^[ \t]*(import|export)\s+(type\s+)?(${CLAUSE})\s*from\s*(['"])([^'"]+)\4`, 'gm');
const SIDE_EFFECT = /^[ \t]*import\s*(['"])([^'"]+)\1/gm;
const DYNAMIC = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;

/** Relative specifiers of one file's source text, with whether each is type-only. */
export function importsOf(text: string): Array<{ specifier: string; typeOnly: boolean }> {
  const out: Array<{ specifier: string; typeOnly: boolean }> = [];
  for (const m of text.matchAll(STATEMENT)) {
    const names = /^\{([^}]*)\}$/.exec(m[3])?.[1].split(',').map((n) => n.trim()).filter(Boolean);
    const allTypes = names !== undefined && names.length > 0 && names.every((n) => n.startsWith('type '));
    out.push({ specifier: m[5], typeOnly: Boolean(m[2]) || allTypes });
  }
  for (const m of text.matchAll(SIDE_EFFECT)) out.push({ specifier: m[2], typeOnly: false });
  // A dynamic import loads the module at run time (the code base has no `import('…')` type queries).
  for (const m of text.matchAll(DYNAMIC)) out.push({ specifier: m[2], typeOnly: false });
  return out.filter((i) => i.specifier.startsWith('.'));
}

function tsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The edges between files under `folders` of `root` (paths relative to root); an import no file answers throws. */
export function importGraph(root: string, folders: readonly string[]): Edge[] {
  const edges: Edge[] = [];
  for (const file of folders.flatMap((f) => tsFiles(join(root, f)))) {
    for (const { specifier, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
      const found = [target, join(target.replace(/\.ts$/, ''), 'index.ts')].find((t) => existsSync(t));
      if (!found) throw new Error(`${relative(root, file)}: cannot resolve ${specifier}`);
      edges.push({ from: relative(root, file), to: relative(root, found), typeOnly });
    }
  }
  return edges;
}

/** Groups of files that import each other, directly or not (Tarjan's strongly connected components of two files or more). */
export function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string): void => {
    order.set(v, order.size);
    low.set(v, order.get(v)!);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of next.keys()) if (!order.has(v)) visit(v);
  return found;
}
