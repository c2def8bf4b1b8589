// RFC 6570 URI template syntax (level 4): enough to judge a resource template (RES-8) and to
// name its variables for completion requests. Expansion is not needed.

const VARCHAR = '(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})';
const VARNAME = `${VARCHAR}(?:\\.?${VARCHAR})*`;
const VARSPEC = `(${VARNAME})(?::[1-9][0-9]{0,3}|\\*)?`;
const EXPRESSION = new RegExp(`^[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*$`);
const VARSPEC_GLOBAL = new RegExp(VARSPEC, 'g');
/** Characters a literal may not contain (besides "{" and "}"): controls, space, " ' < > \ ^ ` |. */
const BAD_LITERAL = /[\u0000-\u0020"'<>\\^`|\u007f]/;

export type ParsedTemplate = { ok: true; variables: string[] } | { ok: false; error: string };

export function parseUriTemplate(template: string): ParsedTemplate {
  const variables: string[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    const literal = template.slice(i, open < 0 ? template.length : open);
    const close = literal.indexOf('}');
    if (close >= 0) return { ok: false, error: `a "}" without "{" at offset ${i + close}` };
    const bad = BAD_LITERAL.exec(literal);
    if (bad) return { ok: false, error: `the literal part contains ${JSON.stringify(bad[0])}, which a URI template may not` };
    const pct = /%(?![0-9A-Fa-f]{2})/.exec(literal);
    if (pct) return { ok: false, error: 'a "%" that does not start a percent-encoded octet' };
    if (open < 0) break;
    const end = template.indexOf('}', open);
    if (end < 0) return { ok: false, error: `the expression at offset ${open} is not closed` };
    const body = template.slice(open + 1, end);
    if (!EXPRESSION.test(body)) return { ok: false, error: `{${body}} is not a valid expression (operator, then comma-separated variable names with optional :length or *)` };
    const names = body.replace(/^[+#./;?&=,!@|]/, '');
    for (const m of names.matchAll(VARSPEC_GLOBAL)) variables.push(m[1]);
    i = end + 1;
  }
  return { ok: true, variables: [...new Set(variables)] };
}
