// Legacy HTTP+SSE transport of 2024-11-05: the SSE stream opens with the endpoint event, POSTs to
// that endpoint are accepted and answered on the stream, and a foreign Origin is refused. The
// stream checks open streams of their own with fetch (the transport hides the first event).
// Proof of each check (the fixture fault that must break it): test/proof/sse.ts.
import { defineCheck, describeOutcome, type Check, type CheckContext } from '../src/checks/index.js';
import { absence, httpCarried, type Outcome } from '../src/session/index.js';
import { mediaType } from '../src/transport/headers.js';
import { expectAnswer } from './lib/expect-answer.js';
import { probeId, sseEvents } from './lib/http-probe.js';
import { isObject } from './lib/json-object.js';

const LEGACY = ['2024-11-05'] as const;
const FOREIGN_ORIGIN = 'https://mcp-conform.invalid';


interface StreamStart {
  status?: number;
  headers: Record<string, string>;
  /** Text read until the first complete event, or until the wait ended. */
  text: string;
  error?: string;
}

/** GETs the SSE URL and reads until the first complete event (bounded), then drops the stream. */
async function openStream(ctx: CheckContext, extra: Record<string, string> = {}): Promise<StreamStart> {
  if (ctx.target.transport !== 'sse') throw new Error('a legacy SSE check ran on another transport');
  const url = ctx.target.url;
  const headers = { Accept: 'text/event-stream', ...ctx.target.headers, ...extra };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ctx.options.requestTimeoutMs);
  const start: StreamStart = { headers: {}, text: '' };
  try {
    const response = await fetch(url, { headers, signal: controller.signal });
    start.status = response.status;
    start.headers = Object.fromEntries(response.headers.entries());
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    while (reader && !/\r?\n\r?\n/.test(start.text)) {
      const { done, value } = await reader.read();
      if (done) break;
      start.text += decoder.decode(value, { stream: true });
      if (start.text.length > 64 * 1024) break;
    }
  } catch (error) {
    start.error = controller.signal.aborted ? `no complete event within ${ctx.options.requestTimeoutMs} ms` : (error as Error).message;
  } finally {
    clearTimeout(timer);
    controller.abort(); // ends the stream, and with it the server's session
  }
  const response = start.status === undefined ? undefined : { status: start.status, headers: start.headers, body: start.text };
  ctx.evidence.push({ type: 'http', at: ctx.session.now(), request: { method: 'GET', url, headers }, response });
  if (start.error) ctx.note(start.error);
  return start;
}

export const endpointEventFirst = defineCheck({
  id: 'sse/endpoint-event-first',
  title: 'the SSE stream opens with an endpoint event naming the POST URL',
  level: 'MUST',
  requirements: ['SSE-1', 'SSE-2'],
  spec: 'basic/transports#http-with-sse',
  revisions: LEGACY,
  transports: ['sse'],
  async run(ctx) {
    const start = await openStream(ctx);
    const media = mediaType(start.headers['content-type'] ?? null);
    if (start.status !== 200 || media !== 'text/event-stream') {
      return ctx.violation(`GET of the SSE URL answered ${start.status ?? start.error} with ${media || 'no content type'}`, 'HTTP 200, Content-Type text/event-stream', `${start.status ?? start.error} ${media}`);
    }
    const first = sseEvents(start.text)[0];
    if (!first) {
      const carried = { http: httpCarried({ request: { method: 'GET', url: '', headers: {} }, response: { status: start.status, headers: start.headers, body: start.text }, error: start.error }, false) };
      return ctx.violation(absence('the stream sent no event', carried), "a first event of type 'endpoint'", start.error ?? 'nothing');
    }
    if (first.event !== 'endpoint') return ctx.violation(`the first event is of type ${JSON.stringify(first.event ?? 'message')}, not 'endpoint'`, "a first event of type 'endpoint'", JSON.stringify(first).slice(0, 200));
    try {
      const endpoint = new URL((first.data ?? '').trim(), ctx.target.transport === 'sse' ? ctx.target.url : undefined);
      ctx.note(`endpoint: ${endpoint.href}`);
    } catch {
      return ctx.violation('the endpoint event does not name a URL', 'a URI (absolute or relative to the SSE URL)', JSON.stringify(first.data));
    }
    return ctx.pass();
  },
});

export const answeredOnStream = defineCheck({
  id: 'sse/answers-on-stream',
  title: 'a POSTed request is accepted and its response arrives as a message event on the stream',
  level: 'MUST',
  kind: 'D',
  requirements: ['SSE-3', 'SSE-1'],
  spec: 'basic/transports#http-with-sse',
  revisions: LEGACY,
  transports: ['sse'],
  connection: 'fresh',
  async run(ctx) {
    const id = probeId('ping');
    const message = { jsonrpc: '2.0', id, method: 'ping' };
    // Correlated by the session, but written by us, so the POST's own reply is seen too.
    const answer: Promise<Outcome> = expectAnswer(ctx, ctx.session, message);
    const post = (await ctx.sendMessage(message)).http;
    const status = post?.response?.status;
    const inBody = bodyAnswers(post?.response?.body, id);
    if (inBody) return ctx.violation('the response came back in the body of the POST, not on the SSE stream', 'HTTP 202, then the response as a message event', post?.response?.body?.slice(0, 200) ?? '');
    if (status === undefined || status < 200 || status > 299) return ctx.violation(`the POST was answered ${status ?? post?.error}`, 'HTTP 2xx (202 Accepted)', String(status ?? post?.error));
    const o = await answer;
    if (o.kind === 'result') return ctx.pass();
    return ctx.violation(`no response on the stream: ${describeOutcome(o)}`, 'the response as a message event', describeOutcome(o));
  },
});

function bodyAnswers(body: string | undefined, id: string): boolean {
  try {
    const value: unknown = JSON.parse(body ?? '');
    return isObject(value) && value.id === id;
  } catch {
    return false;
  }
}

export const foreignOriginRefused = defineCheck({
  id: 'sse/foreign-origin-rejected',
  title: 'a stream request from a foreign Origin is refused',
  level: 'MUST',
  requirements: ['SSE-4', 'HTTP-2'],
  spec: 'basic/transports#http-with-sse',
  revisions: LEGACY,
  transports: ['sse'],
  async run(ctx) {
    const start = await openStream(ctx, { Origin: FOREIGN_ORIGIN });
    if (start.status !== undefined && start.status >= 400 && start.status < 500) return ctx.pass();
    if (start.status === 200 && /\bevent:\s*endpoint\b/.test(start.text)) {
      return ctx.violation(`a stream with Origin: ${FOREIGN_ORIGIN} was opened: the server does not validate Origin`, 'an HTTP 4xx refusal (403)', `HTTP 200 ${start.text.replace(/\s+/g, ' ').trim().slice(0, 120)}`);
    }
    return ctx.warn(`a stream request with a foreign Origin got ${start.status ?? start.error}`, 'an HTTP 4xx refusal (403)', String(start.status ?? start.error));
  },
});

export const legacySseChecks: Check[] = [endpointEventFirst, answeredOnStream, foreignOriginRefused];
