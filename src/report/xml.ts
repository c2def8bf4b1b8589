// XML 1.0 escaping. Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates,
// U+FFFE/U+FFFF) are replaced by a visible `\uXXXX` so a server's stray bytes stay debuggable.

const ILLEGAL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function legal(text: string): string {
  return text.replace(ILLEGAL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Escapes element text. */
export function xmlText(text: string): string {
  return legal(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes an attribute value (double-quoted); tabs and line breaks survive attribute normalization. */
export function xmlAttr(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}
