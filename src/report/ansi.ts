// Plain ANSI styling; every function is the identity when color is off.

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  gray(text: string): string;
}

const codes = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  gray: [90, 39],
} as const;

export function makeStyle(color: boolean): Style {
  const wrap = ([open, close]: readonly [number, number]) =>
    color ? (text: string) => (text ? `\x1b[${open}m${text}\x1b[${close}m` : text) : (text: string) => text;
  return {
    bold: wrap(codes.bold),
    dim: wrap(codes.dim),
    red: wrap(codes.red),
    green: wrap(codes.green),
    yellow: wrap(codes.yellow),
    cyan: wrap(codes.cyan),
    gray: wrap(codes.gray),
  };
}

// Controls (ESC, BEL, CR…) and bidi overrides in a server's strings could repaint or reorder
// the terminal; show them, and lone surrogates, as \uXXXX instead. Tab and newline stay.
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Makes untrusted text inert for a terminal. */
export function inert(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
