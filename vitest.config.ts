import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The parts of the suite (package.json's test scripts pick them with MCP_CONFORM_TESTS, a
 * comma-separated list; unset: everything). `unit` is what no named part holds: in-process tests
 * that start no server, client or CLI, the inner loop (well under a minute). `npm test` runs it
 * with the proofs; CI (.ci/run) adds the integration tests and the real servers and clients.
 */
export const PARTS = {
  // Every check passes on the conformant fixture and fails on its fault (test/proof/, test/client/fault-table.ts); each fault does what it says.
  proofs: [
    'test/suites/checks-fail-on-faults.test.ts',
    'test/suites/stateless-faults.test.ts',
    'test/suites/conformant-fixture.test.ts',
    'test/client/checks-fail-on-faults.test.ts',
    'test/fixtures/faults.test.ts',
  ],
  // Real MCP servers and clients from npm, each with its pinned verdicts.
  real: ['test/real/**/*.test.ts', 'test/client/{sdk-v1,sdk-v2,mcp-remote,inspector-cli}.test.ts'],
  // Tests that start processes: our fixture server or client, the CLI, a browser, an authorization server.
  // A new test that does belongs here: the inner loop stays fast.
  integration: [
    'test/action/{action-yml,cli-github}.test.ts',
    'test/api/{connect,expect-conformant,run-suite}.test.ts',
    'test/auth/client-credentials.test.ts',
    'test/cli/{auth,auth-secrets,bad-input,closed-pipe,code-cache,config,every-era,list-plan,not-mcp,run,stop-run}.test.ts',
    'test/client/{cli,fuzz,oauth-oidc-provider,process-tree}.test.ts',
    'test/fixtures/{auth-faults,schema,server-http,server-stdio,start-options,stateless-http,stateless-stdio}.test.ts',
    'test/fleet/{badge,cli,diff,merge-page,pr-comment,shard-merge}.test.ts',
    'test/fuzz/{bounded-generation,cli,conformant,faults,fixed-form-strings,http,plain-run,relay,same-seed,slow-listing,wires}.test.ts',
    'test/package/pack.test.ts',
    'test/proxy/{cli,http,recording,stdio}.test.ts',
    'test/report/{html.browser,junit}.test.ts',
    'test/runner/{era-probe,every-era,silent-server,stop}.test.ts',
    'test/schema/{arbitrary,differential,generated,precompiled}.test.ts',
    'test/session/{absence,latency,listening,lost-response,server-requests,start-probe}.test.ts',
    'test/suites/{absence-messages,auth,big-catalog,capabilities,client-requests,completion,eras,graded-level,http-streams,jsonrpc-base,killed-connection,latency,legacy-sse,lifecycle-processes,logging,mrtr,odd-ids,one-copy,ping-refused,progress-json,prompts,protocol-leftovers,resources,revision-grades,runner,same-cause,slow-start,stateless,stateless-history,stateless-optin,subscriptions,subscriptions-json,tasks,tasks-ext,tool-result-rejected,tools,transport-checks,verdict-texts,version-refusal}.test.ts',
    'test/transport/{exit-hook,stdio,stdio-flood}.test.ts',
    'test/validate/large-log.test.ts',
  ],
} as const;
const ALL = ['test/**/*.test.ts'];

function selection(value: string | undefined): { include: string[]; exclude: string[] } {
  if (!value) return { include: ALL, exclude: configDefaults.exclude };
  const parts = value.split(',');
  const unknown = parts.filter((p) => p !== 'unit' && !(p in PARTS));
  if (unknown.length) throw new Error(`MCP_CONFORM_TESTS=${value}: expected a list of ${['unit', ...Object.keys(PARTS)].join(', ')}`);
  const named = Object.entries(PARTS);
  // unit is everything the named parts do not hold.
  if (parts.includes('unit')) return { include: ALL, exclude: [...configDefaults.exclude, ...named.filter(([p]) => !parts.includes(p)).flatMap(([, globs]) => globs)] };
  return { include: named.filter(([p]) => parts.includes(p)).flatMap(([, globs]) => globs), exclude: configDefaults.exclude };
}

/** The inner loop alone: its files start no process and keep no state between files. */
const UNIT_ONLY = process.env.MCP_CONFORM_TESTS === 'unit';

export default defineConfig({
  test: {
    ...selection(process.env.MCP_CONFORM_TESTS),
    // Unit files share their worker's loaded modules: importing the suites afresh for each file was
    // most of the inner loop's time (half of it, measured: 158 s against 69 s on a busy machine).
    isolate: !UNIT_ONLY,
    // Says once, before the first test, which groups skip on this machine and why.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests spawn servers; two cores, so keep the pool small.
    pool: 'forks',
    maxWorkers: 2,
  },
});
