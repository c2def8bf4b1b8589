// A string matching a simple regular expression: a sequence of literals, `.`, `\d`, `\w`,
// `\s` and bracket classes, each with an optional quantifier, optionally anchored. Anything
// else (groups, alternation, look-arounds, negated classes) is not simple: undefined.

const MAX_REPEAT = 64;
const CLASS_SAMPLES: Record<string, string> = { d: '0', w: 'a', s: ' ' };

/** The shortest string the pattern's atoms spell, checked against the pattern itself; undefined when the pattern is not simple. */
export function patternSample(pattern: string): string | undefined {
  let i = pattern.startsWith('^') ? 1 : 0;
  const end = pattern.endsWith('$') && !pattern.endsWith('\\$') ? pattern.length - 1 : pattern.length;
  let out = '';
  while (i < end) {
    const atom = readAtom(pattern, i, end);
    if (!atom) return undefined;
    const quantity = readQuantifier(pattern, atom.next, end);
    if (!quantity) return undefined;
    out += atom.char.repeat(quantity.min);
    i = quantity.next;
  }
  return matches(pattern, out) ? out : undefined;
}

function readAtom(p: string, i: number, end: number): { char: string; next: number } | undefined {
  const c = p[i];
  if (c === '\\') {
    const e = p[i + 1];
    if (e === undefined || i + 1 >= end) return undefined;
    if (Object.hasOwn(CLASS_SAMPLES, e)) return { char: CLASS_SAMPLES[e], next: i + 2 };
    // An escaped punctuation character stands for itself; escaped letters (\b, \p …) are not simple.
    return /[A-Za-z0-9]/.test(e) ? undefined : { char: e, next: i + 2 };
  }
  if (c === '[') {
    const close = p.indexOf(']', i + 2);
    if (close < 0 || close >= end || p[i + 1] === '^') return undefined;
    const body = p.slice(i + 1, close);
    if (body.includes('\\') || body.includes('[')) return undefined;
    return { char: body[0], next: close + 1 };
  }
  if (c === '.') return { char: 'a', next: i + 1 };
  if ('()|?*+{}^$'.includes(c)) return undefined;
  return { char: c, next: i + 1 };
}

function readQuantifier(p: string, i: number, end: number): { min: number; next: number } | undefined {
  if (i >= end) return { min: 1, next: i };
  const c = p[i];
  if (c === '?' || c === '*') return { min: 0, next: i + 1 };
  if (c === '+') return { min: 1, next: i + 1 };
  if (c !== '{') return { min: 1, next: i };
  const m = /^\{(\d+)(,\d*)?\}/.exec(p.slice(i, end));
  if (!m || Number(m[1]) > MAX_REPEAT) return undefined;
  return { min: Number(m[1]), next: i + m[0].length };
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}
