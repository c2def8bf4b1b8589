// A requestState with one character changed (S26-11), chosen so that the change survives the
// server's decoding: inside a JSON state, a letter of a string value (a broken JSON text would
// be rejected for its syntax, which proves nothing about integrity); in an opaque token, a
// letter or digit near the middle, away from the spare bits of a trailing base64 character.

export interface Tampered {
  value: string;
  /** Where the change is, for the evidence. */
  where: string;
}

const ALNUM = /[A-Za-z0-9]/;

/** The same class of character, but different: a→b, z→y, 9→8, 0→1. */
export function flipChar(c: string): string {
  if (/[0-8]/.test(c)) return String(Number(c) + 1);
  if (c === '9') return '8';
  if (/[a-yA-Y]/.test(c)) return String.fromCharCode(c.charCodeAt(0) + 1);
  if (c === 'z' || c === 'Z') return String.fromCharCode(c.charCodeAt(0) - 1);
  return c === 'A' ? 'B' : 'A';
}

function flipAt(text: string, index: number): string {
  return text.slice(0, index) + flipChar(text[index]) + text.slice(index + 1);
}

/** Spans [start, end) of the string literals of a JSON text that are values, not keys. */
function jsonValueStrings(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"') continue;
    const start = i + 1;
    let j = start;
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    let k = j + 1;
    while (k < text.length && /\s/.test(text[k])) k++;
    if (text[k] !== ':') spans.push([start, j]);
    i = j;
  }
  return spans;
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

export function tamperRequestState(state: string): Tampered {
  if (isJsonObject(state)) {
    for (const [start, end] of jsonValueStrings(state).reverse()) {
      for (let i = end - 1; i >= start; i--) {
        if (/[A-Za-z]/.test(state[i]) && state[i - 1] !== '\\') return { value: flipAt(state, i), where: `a letter of the JSON string value at offset ${i}` };
      }
    }
  }
  if (state.length === 0) return { value: 'A', where: 'the empty state replaced by "A"' };
  const middle = Math.floor(state.length / 2);
  for (let d = 0; d < state.length; d++) {
    for (const i of [middle - d, middle + d]) {
      if (i >= 0 && i < state.length && ALNUM.test(state[i])) return { value: flipAt(state, i), where: `the character at offset ${i} of ${state.length}` };
    }
  }
  return { value: flipAt(state, middle), where: `the character at offset ${middle} of ${state.length}` };
}
