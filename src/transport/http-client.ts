// The HTTP client under both HTTP transports: node:http / node:https over keep-alive agents.
// fetch (undici with web streams) cost about three times the CPU per request. Redirects are
// followed the way fetch follows them, within the same bound. Aborting the signal destroys the
// socket: a request dropped mid-body closes its connection (cancellation in 2026-07-28), it never
// goes back to the pool.
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { withoutHeaders } from './headers.js';

export interface ResponseHead {
  status: number;
  /** Lower-cased names, repeated headers joined with ', ', sorted by name (as fetch showed them). */
  headers: Record<string, string>;
  /** The URL that answered; another than the request's after a redirect. */
  url: string;
  redirected: boolean;
}

export interface HttpResponse extends ResponseHead {
  /** Ends with the body; errors with the abort reason when the signal aborts. */
  body: IncomingMessage;
}

export interface HttpRequestSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Aborting it destroys the request and its response with the signal's reason. */
  signal: AbortSignal;
}

/** Unless the caller names them: fetch's Accept default, and a User-Agent that says who asks. */
const DEFAULT_HEADERS = { accept: '*/*', 'user-agent': 'mcp-conform' };
/** fetch's bound (the Fetch standard's 20). */
const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that describe a body: dropped when a redirect turns the request into a GET. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];
/** Dropped when a redirect leaves the origin. */
const ORIGIN_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'host'];
/** Far above the run's concurrency (a few checks, fuzz batches of 8): a bound on sockets, not a queue. */
const MAX_SOCKETS = 64;
/** An idle pooled socket is dropped before common server keep-alive timeouts (5 s) close it under us. */
const IDLE_SOCKET_MS = 4000;

/** Keep-alive agents for one transport; close() destroys their sockets. */
export class HttpClient {
  private httpAgent?: http.Agent;
  private httpsAgent?: https.Agent;

  async request(spec: HttpRequestSpec): Promise<HttpResponse> {
    let url = new URL(spec.url);
    let method = spec.method;
    let headers = spec.headers;
    let body = spec.body === undefined ? undefined : wireBody(spec.body);
    for (let hop = 0; ; hop++) {
      const response = await this.send(url, method, headers, body, spec.signal);
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || location === undefined) {
        return { status: response.statusCode ?? 0, headers: headersOf(response.rawHeaders), url: url.href, redirected: hop > 0, body: response };
      }
      response.destroy();
      if (hop === MAX_REDIRECTS) throw new Error(`redirect count exceeded (${MAX_REDIRECTS})`);
      const next = new URL(location, url);
      if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new Error(`redirected to a URL that is not http(s): ${next.href}`);
      if (switchesToGet(response.statusCode!, method)) {
        method = 'GET';
        body = undefined;
        headers = withoutHeaders(headers, BODY_HEADERS);
      }
      if (next.origin !== url.origin) headers = withoutHeaders(headers, ORIGIN_HEADERS);
      url = next;
    }
  }

  /** Destroys every pooled and active socket (the transport is closed). */
  close(): void {
    this.httpAgent?.destroy();
    this.httpsAgent?.destroy();
  }

  private agentFor(url: URL): http.Agent {
    const options = { keepAlive: true, maxSockets: MAX_SOCKETS, timeout: IDLE_SOCKET_MS };
    if (url.protocol === 'https:') return (this.httpsAgent ??= new https.Agent(options));
    return (this.httpAgent ??= new http.Agent(options));
  }

  private send(url: URL, method: string, headers: Record<string, string>, body: WireBody | undefined, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const request = (url.protocol === 'https:' ? https : http).request;
      let req: http.ClientRequest;
      try {
        // Throws at once for header names or values that cannot go on the wire.
        req = request(url, { method, headers: outgoingHeaders(method, headers, body), agent: this.agentFor(url) });
      } catch (error) {
        return reject(error);
      }
      let response: IncomingMessage | undefined;
      const abort = () => {
        req.destroy(signal.reason);
        response?.destroy(signal.reason);
      };
      signal.addEventListener('abort', abort, { once: true });
      const release = () => signal.removeEventListener('abort', abort);
      req.on('error', (error) => {
        // After the response, socket errors reach the body too; its abort must stay wired.
        if (!response) release();
        reject(error);
      });
      req.on('response', (res) => {
        response = res;
        res.on('close', release);
        resolve(res);
      });
      req.end(body);
    });
  }
}

/** The caller's headers as written, plus the defaults and an exact Content-Length (never chunked). */
function outgoingHeaders(method: string, headers: Record<string, string>, body: WireBody | undefined): OutgoingHttpHeaders {
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(DEFAULT_HEADERS)) if (!names.has(name)) out[name] = value;
  const framed = names.has('content-length') || names.has('transfer-encoding');
  if (!framed && (body !== undefined || method === 'POST' || method === 'PUT')) out['content-length'] = body === undefined ? 0 : Buffer.byteLength(body);
  return Object.assign(out, headers);
}

/** Like fetch's Headers: names lower-cased, repeats joined, sorted by name. */
function headersOf(raw: string[]): Record<string, string> {
  const byName = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const earlier = byName.get(name);
    byName.set(name, earlier === undefined ? raw[i + 1]! : `${earlier}, ${raw[i + 1]}`);
  }
  return Object.fromEntries([...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The Fetch standard: 303 turns anything but HEAD into GET; 301 and 302 turn POST into GET. */
function switchesToGet(status: number, method: string): boolean {
  if (status === 303) return method !== 'GET' && method !== 'HEAD';
  return (status === 301 || status === 302) && method === 'POST';
}

/** A string goes out in one write with the request head; bytes exactly as given. */
type WireBody = string | Buffer;

function wireBody(body: string | Uint8Array): WireBody {
  return typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}
