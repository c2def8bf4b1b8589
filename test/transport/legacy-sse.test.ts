import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLegacySseTransport, type LegacySseTransport } from '../../src/transport/legacy-sse.js';
import { TargetUnreachable } from '../../src/transport/types.js';
import { startLegacySseServer } from './servers/legacy-sse-server.mjs';
import { byId, collect, freePort, waitFor } from './helpers.js';

let server: Awaited<ReturnType<typeof startLegacySseServer>>;
beforeAll(async () => {
  server = await startLegacySseServer();
});
afterAll(async () => {
  await server.close();
});

const open: LegacySseTransport[] = [];
function client(path: string, endpointTimeoutMs = 3000): LegacySseTransport {
  const transport = createLegacySseTransport({ url: `${server.base}${path}`, headers: { 'X-Test': '1' }, endpointTimeoutMs });
  open.push(transport);
  return transport;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

describe('legacy HTTP+SSE transport', () => {
  it('POSTs to the announced endpoint and receives replies on the SSE stream', async () => {
    const t = client('/sse');
    const got = collect(t);
    await t.start();
    expect(t.endpoint).toMatch(new RegExp(`^${server.base}/messages\\?session=\\d+$`));
    const outcome = await t.send({ jsonrpc: '2.0', id: 1, method: 'ping', params: { a: 1 } });
    expect(outcome.http?.response?.status).toBe(202);
    expect(outcome.http?.request.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Test': '1' });
    expect(await waitFor('reply', () => byId(got, 1))).toEqual({ jsonrpc: '2.0', id: 1, result: { echo: { a: 1 } } });
  });

  it('reports a message event whose data is not JSON and keeps reading', async () => {
    const t = client('/sse');
    const got = collect(t);
    await t.start();
    await t.send({ jsonrpc: '2.0', id: 2, method: 'garbage' });
    await waitFor('reply', () => byId(got, 2));
    expect(got.framing).toEqual([{ problem: 'sse-malformed', raw: 'nope' }]);
  });

  it("emits 'exit' when the server ends the stream", async () => {
    const t = client('/sse');
    const got = collect(t);
    await t.start();
    await t.send({ jsonrpc: '2.0', method: 'hangup' });
    await waitFor('exit event', () => got.exits.length > 0);
    expect(t.closed).toBe(true);
  });

  const unreachable: [string, string, RegExp][] = [
    ['an endpoint on another origin', '/sse-foreign', /is not on the origin of/],
    ['no endpoint event', '/sse-silent', /no 'endpoint' event on .* within 300 ms$/],
    ['a URL that is not an SSE stream', '/nothing-here', /did not open an SSE stream \(404 with text\/plain|did not open an SSE stream \(404 with no content type\)/],
  ];
  for (const [what, path, message] of unreachable) {
    it(`rejects start() with a one-line TargetUnreachable for ${what}`, async () => {
      const error = await client(path, 300)
        .start()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(TargetUnreachable);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    });
  }

  it('rejects start() when the connection is refused', async () => {
    const url = `http://127.0.0.1:${await freePort()}/sse`;
    await expect(createLegacySseTransport({ url }).start()).rejects.toThrow(`cannot reach ${url}: connection refused`);
  });
});
