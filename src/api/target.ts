// Turns the short forms a library user writes (an argv array, a URL) into the TargetSpec the
// session layer takes, and rejects malformed input early with a readable TypeError.
import type { TargetSpec } from '../session/index.js';

/**
 * The server to test:
 * - an argv array (`['node', 'build/index.js']`): spawned and spoken to over stdio;
 * - an `http://` / `https://` URL (string or `URL`): a Streamable HTTP endpoint;
 * - a full {@link TargetSpec}, e.g. `{ transport: 'sse', url }` for a 2024-11-05 HTTP+SSE server.
 */
export type ServerTarget = readonly string[] | string | URL | TargetSpec;

/** Extra settings merged into the target: environment and working directory (stdio), headers (HTTP). */
export interface TargetOptions {
  /** Extra environment variables for a spawned server (stdio). */
  env?: Record<string, string>;
  /** Working directory for a spawned server (stdio). */
  cwd?: string;
  /** Extra HTTP headers on every request, e.g. `{ Authorization: 'Bearer …' }` (HTTP). */
  headers?: Record<string, string>;
}

function httpUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`mcp-conform: not a valid URL: "${text}" (pass a command as an array, e.g. ['node', 'server.js'])`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`mcp-conform: the URL must be http:// or https://, got "${text}"`);
  return url.href;
}

export function toTargetSpec(target: ServerTarget, opts: TargetOptions = {}): TargetSpec {
  if (Array.isArray(target)) {
    const command = [...(target as readonly unknown[])];
    if (command.length === 0 || !command.every((a) => typeof a === 'string') || command[0] === '') {
      throw new TypeError('mcp-conform: a stdio target is a non-empty array of strings, e.g. [\'node\', \'server.js\']');
    }
    return { transport: 'stdio', command: command as string[], env: opts.env, cwd: opts.cwd };
  }
  if (typeof target === 'string' || target instanceof URL) {
    return { transport: 'http', url: httpUrl(String(target)), headers: opts.headers };
  }
  const spec = target as TargetSpec;
  switch (spec?.transport) {
    case 'stdio':
      return toTargetSpec(spec.command, { env: { ...spec.env, ...opts.env }, cwd: opts.cwd ?? spec.cwd });
    case 'http':
    case 'sse':
      return { transport: spec.transport, url: httpUrl(spec.url), headers: { ...spec.headers, ...opts.headers } };
    default:
      throw new TypeError('mcp-conform: the target must be a command array, an http(s) URL, or { transport: "stdio" | "http" | "sse", … }');
  }
}
