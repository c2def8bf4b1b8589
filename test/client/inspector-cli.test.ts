// A published client: the MCP Inspector's CLI mode (@modelcontextprotocol/inspector 2.12.0, a
// devDependency; its engines ask for Node 22.19, its CLI runs on our Node 20) driven as its
// README teaches, one method per invocation (test/client/real/inspector-cli-driver.mjs:
// `mcp-inspector --cli <target> --method tools/list`), so each scenario is one invocation. It
// talks to 127.0.0.1 only. Pinned verdicts, and why:
// - client-elicitation/create warn: it declares no elicitation (the CLI cannot ask a user), yet
//   answers elicitation/create with {action: "cancel"}: the fallback of the ext-tasks package it
//   routes server requests through (defaultServerRequestResponse). A refusal carries nothing, so
//   no support is shown (CLIENT-CAP-1 holds); the error CLIENT-CAP-2 asks for is a SHOULD. Before,
//   this was a MUST failure of ours.
// - client-sampling/create-message pass, with a note: the same fallback answers -32603, not the
//   usual -32601.
// - client-roots/list pass: it declares roots (listChanged) and answers an empty list.
// - client-cancel/abandoned info: the CLI has no per-request timeout option, and did not give up
//   on our withheld tools/list within our bound (1 s + 2 request timeouts).
// - get-stream: it opens the standalone GET stream, answers our ping on it and resumes it after
//   our retry with Last-Event-ID.
// - client-progress/unique-tokens skip: tools/list carries no progressToken.
// - client-http/reinitialize-after-404 info: on a 404 the SDK v2 transport it uses throws, the CLI
//   exits 1: it gives up rather than going on with the dead session.
// At 2026-07-28 (--protocol-version 2026-07-28), with --protocol-era modern it speaks the
// revision for real: server/discover, then the method with the _meta envelope (and over HTTP the
// routing headers); asked to call our tool (--method tools/call), it answers our InputRequiredResult
// for roots, the one input kind it declares, in a retry on a new id that echoes requestState.
// Every 2026-07-28 check passes (http-headers is HTTP only).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../schema/support.js';
import { expectNoAuthorization, idsWith, runAgainstFixtureClient } from './harness.js';

const DRIVER = join(REPO_ROOT, 'test', 'client', 'real', 'inspector-cli-driver.mjs');
const PINNED = [
  'client-elicitation/create: warn the client did not declare the elicitation capability, and answered elicitation/create with a refusal in a result ({"action":"cancel"}), not an error (CLIENT-CAP-2: -32601)',
  'client-cancel/abandoned: info the client was still waiting for tools/list (id 1) 11000 ms after we began withholding it: no timeout of its own within our bound (slow is not broken)',
  'client-progress/unique-tokens: skip the client put a progressToken in none of its requests',
];
const GAVE_UP = 'client-http/reinitialize-after-404: info after the 404 the client ended instead of starting a new session: it gave up on its work rather than going on with the dead session (one that goes on must send a new initialize)';

describe('the MCP Inspector 2.12.0, CLI mode', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it(`passes every check but the pinned ones over ${transport}, one invocation (--method tools/list) per scenario`, async () => {
      const report = await runAgainstFixtureClient({ transport, command: [process.execPath, DRIVER], requestTimeoutMs: 5000 });
      const notPassed = idsWith(report, 'fail', 'warn', 'skip', 'info').map((l) => l.replace(/ \(code \d+\)/, '')).filter((l) => !l.startsWith('client-auth/'));
      // It does no OAuth: after the 401 of the OAuth scenarios it ends, and every OAuth check skips saying so.
      expectNoAuthorization(report, transport);
      expect(notPassed.filter((l) => !(transport === 'stdio' && l.startsWith('client-http/')))).toEqual(transport === 'http' ? [...PINNED, GAVE_UP] : PINNED);
      expect(report.checks.find((c) => c.id === 'client-sampling/create-message')?.message).toBe('the client did not declare the sampling capability; answered error -32603 (-32601 is the usual code)');
      expect(report.protocolVersion).toBe('2025-11-25');
    }, 240_000);
  }
});

describe('the MCP Inspector 2.12.0, CLI mode, --protocol-era modern at 2026-07-28', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it(`passes every 2026-07-28 check over ${transport}, calling our tool (the MRTR retry answers roots/list)`, async () => {
      // --tool-arg takes several values: the options after it end the list, and our URL comes last.
      const command = [process.execPath, DRIVER, '--protocol-era', 'modern', '--tool-arg', 'text=hi', '--tool-name', 'echo', '--method', 'tools/call'];
      const report = await runAgainstFixtureClient({ transport, protocolVersion: '2026-07-28', command, requestTimeoutMs: 5000 });
      expect(idsWith(report, 'fail', 'warn', 'skip', 'info')).toEqual(transport === 'stdio' ? ['client-modern/http-headers: skip applies to http clients only; this one was tested over stdio'] : []);
      const retry = report.checks.find((c) => c.id === 'client-modern/input-required-retry')!;
      expect(retry.evidence.some((e) => e.type === 'note' && /requestState echoed and 1 input\(s\) answered/.test(e.text))).toBe(true);
      expect(report.protocolVersion).toBe('2026-07-28');
    }, 120_000);
  }
});
