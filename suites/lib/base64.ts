// Standard padded base64 (RFC 4648 §4), as MCP carries binary payloads (tool results, blobs).

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Why a base64 payload is not standard padded base64, or undefined. */
export function base64Problem(data: unknown): string | undefined {
  if (typeof data !== 'string') return `is ${data === null ? 'null' : typeof data}, not a string`;
  if (data.length % 4 !== 0) return `has length ${data.length}, not a multiple of 4`;
  if (!BASE64.test(data)) return 'contains characters outside the base64 alphabet (or misplaced padding)';
  return undefined;
}
