// The Streamable HTTP proxy: a reverse proxy on node:http for one MCP endpoint. Requests of any
// method are forwarded with every header (but the connection's own) and bodies streamed both
// ways chunk by chunk, so SSE events reach the client as they arrive. Requests to the endpoint's
// path are observed: the POSTed body as one client message, a JSON reply as one server message,
// each SSE event as one server message. Other paths (OAuth metadata, say) are relayed unobserved.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { isJsonMedia, mediaType } from '../transport/headers.js';
import { jsonCopy, sseCopy, type BodyCopy } from './body-copy.js';
import { forwardHeaders, recordedHeaders } from './headers.js';
import type { TrafficObserver } from './observer.js';

export interface HttpProxyOptions {
  upstream: URL;
  host: string;
  /** 0 picks a free port. */
  port: number;
  observer: TrafficObserver;
  maxLineBytes: number;
  /** One-line notices: an upstream that cannot be reached, a stream cut. */
  onNote: (text: string) => void;
}

export interface HttpProxy {
  /** The proxy's MCP endpoint: what a client is configured with. */
  endpoint: string;
  close(): Promise<void>;
}

export async function startHttpProxy(options: HttpProxyOptions): Promise<HttpProxy> {
  let exchanges = 0;
  const server = createServer((req, res) => forward(req, res, ++exchanges, options));
  await listen(server, options.host, options.port);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    endpoint: `http://${host}:${port}${options.upstream.pathname}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // open GET streams would keep close() waiting forever
      }),
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function forward(req: IncomingMessage, res: ServerResponse, exchange: number, options: HttpProxyOptions): void {
  const { upstream, observer } = options;
  const target = new URL(req.url ?? '/', upstream);
  const observed = target.pathname === upstream.pathname;
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const upReq = send(target, { method: req.method, headers: forwardHeaders(req.rawHeaders, upstream.host) as unknown as Record<string, string> });

  if (observed) {
    const copy = jsonCopy(options.maxLineBytes, {
      message: (text, validUtf8) => observer.text('client->server', text, validUtf8, httpDetails(exchange, { method: req.method, headers: recordedHeaders(req.rawHeaders) })),
      tooLong: (bytes) => observer.tooLong('client->server', bytes, httpDetails(exchange, { method: req.method })),
    });
    req.on('data', (chunk: Buffer) => copy.push(chunk));
    req.once('end', () => copy.end());
  }
  req.pipe(upReq);

  upReq.once('response', (upRes) => {
    res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, forwardHeaders(upRes.rawHeaders));
    res.flushHeaders(); // an SSE client waits for the headers before the first event
    if (observed) {
      const copy = responseCopy(upRes, exchange, options);
      if (copy) {
        upRes.on('data', (chunk: Buffer) => copy.push(chunk));
        upRes.once('end', () => copy.end());
      }
    }
    upRes.pipe(res);
    upRes.once('aborted', () => res.destroy());
    upRes.once('error', () => res.destroy());
  });
  upReq.once('error', (error) => {
    options.onNote(`${req.method} ${target.pathname}: upstream ${upstream.host} failed: ${(error as NodeJS.ErrnoException).code ?? error.message}`);
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`mcp-conform proxy: upstream ${upstream.host} failed (${(error as NodeJS.ErrnoException).code ?? error.message})\n`);
  });
  // The client went away before the response ended (it closed a GET stream, say): so does upstream.
  res.once('close', () => {
    if (!res.writableFinished) upReq.destroy();
  });
}

function responseCopy(upRes: IncomingMessage, exchange: number, options: HttpProxyOptions): BodyCopy | undefined {
  const media = mediaType(upRes.headers['content-type'] ?? null);
  let first = true;
  // Status and headers go with the first message of the response; later ones name the exchange.
  const details = () => {
    const extra = first ? { status: upRes.statusCode, headers: recordedHeaders(upRes.rawHeaders) } : {};
    first = false;
    return httpDetails(exchange, extra);
  };
  const sink = {
    message: (text: string, validUtf8: boolean) => options.observer.text('server->client', text, validUtf8, details()),
    tooLong: (bytes: number) => options.observer.tooLong('server->client', bytes, details()),
  };
  if (media === 'text/event-stream') return sseCopy(options.maxLineBytes, sink);
  if (isJsonMedia(media)) return jsonCopy(options.maxLineBytes, sink);
  return undefined; // an error page, a 202: no message
}

function httpDetails(exchange: number, extra: Record<string, unknown>): Record<string, unknown> {
  return { http: { exchange, ...extra } };
}
