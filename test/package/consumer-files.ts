// The files of the throwaway project that installs the packed tarball: a plain ESM script (the
// library without vitest installed), a TypeScript file (the shipped declarations, matcher types
// included) and a vitest test (the mcp-conform/vitest subpath at run time).

/** package.json of the consumer project. */
export const consumerPackageJson = JSON.stringify({ name: 'mcp-conform-consumer', private: true, type: 'module' }, null, 2);

/** Imports the library and prints what validateMessage and the exports say, as JSON. */
export const checkMjs = `
import * as api from 'mcp-conform';
const valid = api.validateMessage({ jsonrpc: '2.0', id: 1, result: { tools: [] } }, { revision: '2025-11-25', direction: 'server->client', inReplyTo: 'tools/list' });
const invalid = api.validateMessage({ jsonrpc: '2.0', id: 1, result: { tools: [{}] } }, { revision: '2025-11-25', direction: 'server->client', inReplyTo: 'tools/list' });
console.log(JSON.stringify({ exports: Object.keys(api).sort(), valid: valid.valid, problems: invalid.problems.map((p) => p.message) }));
`;

/** Type-level use of every entry point; each @ts-expect-error proves a type is real, not any. */
export const consumerTs = `
import { connect, runSuite, validateMessage, McpRequestError, type McpConnection, type Report, type Rev20251125 } from 'mcp-conform';
import { expectConformant, mcpMatchers } from 'mcp-conform/vitest';
import { expect } from 'vitest';

const result = validateMessage({}, { revision: '2025-11-25', direction: 'server->client' });
const valid: boolean = result.valid;
const tool: Rev20251125.Tool = { name: 'echo', inputSchema: { type: 'object' } };
// @ts-expect-error: not a revision
validateMessage({}, { revision: '1999-01-01', direction: 'server->client' });
// @ts-expect-error: a Tool needs an inputSchema
const broken: Rev20251125.Tool = { name: 'echo' };

expect({ tools: [tool] }).toMatchMcpResult('tools/list', { revision: '2025-11-25' });
expect({ a: 1 }).toEqual({ a: expect.toBeValidMcpMessage({ revision: '2025-06-18', direction: 'client->server' }) });
// @ts-expect-error: revision is required
expect({}).toBeValidMcpMessage({});

export async function usesTheApi(): Promise<Report> {
  const conn: McpConnection = await connect(['node', 'server.js'], { protocolVersion: '2025-06-18' });
  const list = await conn.request<Rev20251125.ListToolsResult>('tools/list').catch((e: unknown) => (e instanceof McpRequestError ? e.code : undefined));
  await conn.close();
  await expectConformant('http://127.0.0.1:1/mcp', { only: 'lifecycle/*', strict: true });
  void list;
  return runSuite(['node', 'server.js'], { only: ['lifecycle/*'], protocolVersion: 'all' });
}
void valid;
void broken;
void mcpMatchers;
`;

export const consumerTsconfig = JSON.stringify(
  { compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: ['node'], skipLibCheck: false }, files: ['consumer.ts'] },
  null,
  2,
);

/** A user's own vitest test: matchers and expectConformant from the installed package. */
export const conformanceTestMjs = `
import { expect, it } from 'vitest';
import { expectConformant } from 'mcp-conform/vitest';

it('validates with the registered matchers', () => {
  expect({ tools: [] }).toMatchMcpResult('tools/list', { revision: '2025-11-25' });
  expect(() => expect({ tools: [{}] }).toMatchMcpResult('tools/list', { revision: '2025-11-25' })).toThrow('/tools/0/name: expected a required member, found nothing');
});

it('runs the suite against the fixture server', async () => {
  const report = await expectConformant([process.execPath, process.env.FIXTURE_SERVER], { only: 'lifecycle/ping' });
  expect(report.summary.pass).toBe(1);
}, 30_000);
`;
