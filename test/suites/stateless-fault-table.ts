// Every check that runs at 2026-07-28, and the fault of the fixture's stateless mode
// (--era stateless) that must make it fail (or warn) on each wire it runs on: stdio, and
// Streamable HTTP with JSON and with SSE replies. fault-table.ts proves the checks fail in the
// stateful era; this table proves they can fail on the wire where requests carry _meta and
// results carry resultType. The meta test (stateless-faults.test.ts) fails when a check of
// 2026-07-28 has neither a row nor a recorded exemption for one of its wires.
//
// Adding a check with 2026-07-28 in its revisions: give it a row here (the same fault name as
// its stateful row works when the fault lives in the shared handlers, fixtures/lib/fault-hooks.ts),
// or, for a wire where it cannot judge anything, an exemption with the reason; the meta test
// checks that the exempt check does skip there on the conformant fixture.

/** The wires of 2026-07-28 the fixture serves. */
export type StatelessWire = 'stdio' | 'http-json' | 'http-sse';
export const STATELESS_WIRES: readonly StatelessWire[] = ['stdio', 'http-json', 'http-sse'];

export interface StatelessFaultRow {
  fault: string;
  /** The verdict the fault must produce (info for a MAY check, which grades nothing harder). */
  expect: 'fail' | 'warn' | 'info';
  /** The wires this row covers (default: every wire the check runs on that is not exempt). */
  wires?: readonly StatelessWire[];
  /** HTTP: the fixture's auth mode, the run given its tokens. */
  auth?: boolean;
}

const fail = (fault: string, wires?: readonly StatelessWire[]): StatelessFaultRow => ({ fault, expect: 'fail', wires });
const warn = (fault: string, wires?: readonly StatelessWire[]): StatelessFaultRow => ({ fault, expect: 'warn', wires });
const authFail = (fault: string): StatelessFaultRow => ({ fault, expect: 'fail', auth: true });
const authWarn = (fault: string): StatelessFaultRow => ({ fault, expect: 'warn', auth: true });
const authInfo = (fault: string): StatelessFaultRow => ({ fault, expect: 'info', auth: true });

export const STATELESS_FAULT_TABLE: Record<string, StatelessFaultRow | readonly StatelessFaultRow[]> = {
  'lifecycle/capabilities-shape': fail('capabilities-not-object'),
  'lifecycle/stdin-close-exit': warn('ignore-stdin-close'),
  'stateless/discover-result': fail('discover-no-cache-fields'),
  'stateless/server-info-meta': warn('no-server-info-meta'),
  'stateless/request-meta-required': fail('missing-meta-accepted'),
  'stateless/unsupported-version': fail('unsupported-version-wrong-code'),
  'stateless/capabilities-per-request': fail('capabilities-leak'),
  'stateless/missing-capability-error': fail('missing-capability-wrong-code'),
  'stateless/cache-fields': fail('cache-scope-varies'),
  'stateless/missing-resource-invalid-params': fail('missing-resource-32002'),
  'stateless/list-stability': fail('list-varies'),
  'stateless/initialize-error-names-versions': warn('initialize-error-no-versions'),
  'stateless/result-type-whole-run': fail('no-result-type'),
  'stateless/input-required-methods-whole-run': fail('input-required-on-list'),
  'stateless/error-codes-whole-run': fail('reserved-error-code'),
  'ids/echo-exact': fail('string-ids'),
  'ids/concurrent-correlation': fail('swap-ids'),
  'ids/result-or-error': fail('result-and-error'),
  'errors/parse-error': fail('no-parse-error'),
  'errors/invalid-request': fail('drop-invalid-requests'),
  'errors/method-not-found': fail('wrong-error-codes'),
  'errors/invalid-params': warn('accept-invalid-params'),
  'errors/error-object': fail('error-code-string'),
  'errors/optional-params-accepted': warn('reject-unknown-params'),
  'notifications/not-answered': fail('answer-notifications'),
  'notifications/server-notifications': fail('notification-with-id'),
  'batch/not-accepted': warn('batch-accepted'),
  'messages/all-server-messages': fail('bad-jsonrpc-version'),
  'stdio/stdout-only-jsonrpc-whole-run': fail('stdout-banner'),
  'stdio/newline-delimited': fail('pretty-json'),
  'stdio/utf8': fail('invalid-utf8'),
  'stdio/framing-robust': warn('no-line-buffering'),
  'stdio/invalid-json-survived': fail('crash-on-invalid-json'),
  'http/post-notification-202': fail('http-notification-200'),
  'http/request-reply-media-type': fail('http-wrong-content-type'),
  'http/foreign-origin-rejected': fail('http-no-origin-check'),
  'http/accept-both-media-types': warn('http-no-406'),
  'http/sse-reply-events': fail('http-sse-junk-event'),
  'http-stateless/routing-headers-validated': fail('header-mismatch-accepted'),
  'http-stateless/version-header-required': fail('header-mismatch-accepted'),
  'http-stateless/unknown-method-404': fail('unknown-method-200'),
  'http-stateless/param-headers-validated': fail('param-header-unchecked'),
  'http-stateless/x-mcp-header-valid': fail('bad-x-mcp-header'),
  'http-stateless/no-sessions': warn('get-allowed'),
  'http-stateless/response-streams': fail('server-request'),
  'http-stateless/sse-accel-buffering': warn('no-accel-buffering'),
  'tools/list': fail('tool-bad-input-schema'),
  'tools/names': warn('duplicate-tool-names'),
  'tools/schemas-compile': fail('tool-invalid-json-schema'),
  'tools/call-result': fail('bad-base64'),
  'tools/binary-content': fail('bad-base64'),
  'tools/structured-content': fail('structured-content-mismatch'),
  'tools/structured-content-text': warn('structured-content-no-text'),
  'tools/unknown-tool': warn('unknown-tool-ok'),
  'tools/malformed-call': warn('accept-invalid-params'),
  'tools/invalid-arguments': warn('invalid-args-accepted'),
  'tools/arguments-optional': warn('require-arguments'),
  'resources/list': fail('resource-missing-name'),
  'resources/read-contents': fail('resource-text-and-blob'),
  'resources/blob-base64': fail('resource-bad-base64'),
  'resources/listed-readable': warn('listed-resource-unreadable'),
  'resources/templates-list': fail('bad-uri-template'),
  'prompts/list': fail('prompt-missing-name'),
  'prompts/get': fail('prompt-bad-role'),
  'prompts/unknown-prompt': warn('unknown-prompt-ok'),
  'prompts/missing-argument': warn('prompt-missing-arg-ok'),
  'logging/per-request-level': fail('log-without-level'),
  'logging/unknown-request-level': warn('log-level-invalid-accepted'),
  'completion/values': fail('completion-too-many'),
  'completion/unknown-prompt': warn('completion-unknown-ref-ok'),
  'capabilities/undeclared-rejected': warn('prompts-undeclared'),
  'capabilities/offered-features-declared': fail('prompts-undeclared'),
  'pagination/walk-ends': warn('pagination-loop'),
  'pagination/unique-items': warn('pagination-duplicates'),
  'pagination/next-cursor': fail('null-next-cursor'),
  'pagination/cursor-stable': warn('unstable-cursor'),
  'pagination/invalid-cursor': warn('invalid-cursor-accepted'),
  'pagination/foreign-cursor': warn('wrong-error-codes'),
  'progress/token-echo': fail('progress-wrong-token'),
  'progress/increasing': fail('progress-decreasing'),
  'progress/stops-after-response': fail('progress-after-response'),
  'progress/no-token': fail('progress-without-token'),
  'cancellation/in-flight': warn('ignore-cancel'),
  'cancellation/unknown-ignored': warn('answer-unknown-cancel'),
  'cancellation/after-response': fail('answer-unknown-cancel'),
  'cancellation/stdio-nothing-after-cancel': fail('cancelled-still-answers'),
  'mrtr/input-required-shape': fail('input-required-empty'),
  'mrtr/declared-capabilities-only': fail('input-request-undeclared'),
  'mrtr/request-state-tampered': fail('request-state-unverified'),
  'mrtr/retry-without-responses': warn('retry-missing-responses-error'),
  'mrtr/no-server-requests-whole-run': fail('server-request'),
  'subscriptions/acknowledged-first': fail('listen-no-ack'),
  'subscriptions/only-requested': fail('listen-unrequested'),
  'subscriptions/notifications-tagged': fail('listen-untagged'),
  'subscriptions/no-progress-on-listen': fail('progress-on-listen'),
  'subscriptions/teardown-whole-run': fail('stray-cancelled'),
  'auth/no-token-401': authFail('auth-optional'),
  'auth/challenge-bearer': authFail('auth-basic-challenge'),
  'auth/challenge-resource-metadata': authFail('auth-no-prm'),
  'auth/challenge-scope': authWarn('auth-challenge-no-scope'),
  'auth/challenge-error-codes': authWarn('auth-error-without-credentials'),
  'auth/bad-tokens-refused': authFail('auth-accept-any-token'),
  'auth/wrong-audience-refused': authFail('auth-accept-wrong-audience'),
  'auth/insufficient-scope': authFail('auth-insufficient-scope-401'),
  'auth/prm-document': authFail('auth-prm-no-authorization-servers'),
  'auth/prm-readable': authWarn('auth-prm-requires-token'),
  'auth/prm-resource': authWarn('auth-prm-wrong-resource'),
  'auth/no-offline-access': authWarn('auth-offline-access'),
  'auth/each-request-verified': authFail('auth-remember-principal'),
  'auth/as-metadata': authInfo('auth-as-no-pkce'),
  'fuzz/malformed-messages': [fail('missing-meta-accepted', ['stdio', 'http-sse']), fail('header-mismatch-accepted', ['http-json'])],
  'fuzz/valid-requests': fail('string-ids'),
  'fuzz/tool-arguments': fail('crash-on-non-ascii-argument'),
  'meta/key-names': fail('meta-bad-key'),
  'meta/icons': fail('icon-bad-sizes'),
  'resources/hostile-uris': fail('resource-traversal-served'),
  'resources/annotations': fail('resource-bad-last-modified'),
  'resources/template-mime-type': warn('template-mime-mismatch'),
  'prompts/non-string-argument': warn('prompt-non-string-accepted'),
  'prompts/content-blocks': fail('prompt-image-bad-base64'),
  'progress/message-text': warn('progress-empty-message'),
  'tools/embedded-resources-declared': warn('embedded-resource-undeclared'),
  'completion/context-arguments': warn('completion-context-rejected'),
  'http/sse-stream-ends-after-response': warn('http-sse-stream-left-open'),
  'tasks-ext/declaration': fail('tasksx-legacy-capability'),
  'tasks-ext/no-task-without-extension': fail('tasksx-sticky-extension'),
  'tasks-ext/only-tools-call': warn('tasksx-task-on-prompts-get'),
  'tasks-ext/create-result-shape': fail('tasksx-wrapped-task'),
  'tasks-ext/task-ids-unguessable': warn('tasksx-sequential-ids'),
  'tasks-ext/retrievable-at-once': fail('tasksx-lazy-store'),
  'tasks-ext/get-result-shape': fail('tasksx-completed-without-result'),
  'tasks-ext/status-transitions': warn('tasksx-terminal-changes'),
  'tasks-ext/result-matches-direct-call': fail('tasksx-iserror-failed'),
  'tasks-ext/input-requests': fail('tasksx-input-key-reused'),
  'tasks-ext/cancel': fail('tasksx-cancel-returns-task'),
  'tasks-ext/unknown-task-id': fail('tasksx-unknown-id-wrong-code'),
  'tasks-ext/extension-required': fail('tasksx-methods-without-extension'),
  'tasks-ext/removed-methods': fail('tasksx-tasks-result-served'),
  'tasks-ext/listen-notifications': fail('tasksx-progress-on-task-stream'),
  'tasks-ext/mcp-name-task-id': warn('tasksx-mcp-name-rejected'),
};

const CANCEL_OVER_HTTP =
  'in 2026-07-28 notifications/cancelled travels on stdio only; over HTTP a client cancels by closing the response stream (S26-27): the check skips, and no check judges stream-close cancellation yet';
const JSON_HAS_NO_EVENTS = 'with JSON replies there is no SSE stream to judge: the check is about SSE replies only';
const NEEDS_DUAL_ERA = 'about an initialize-based session of a dual-era server: the stateless fixture serves no initialize (fault-table.ts proves it on the dual era)';

/**
 * Wires on which a check of 2026-07-28 cannot judge anything, with the reason. The meta test
 * requires the check to skip there on the conformant fixture, so an exemption is a tested fact.
 */
const NEEDS_CLIENT_CREDENTIALS =
  'needs client credentials against the JWT auth mode and a real authorization server, which this table does not start: fault-table.ts proves it at 2026-07-28 over HTTP (auth: jwt), and without them it skips';

export const STATELESS_EXEMPT: Record<string, Partial<Record<StatelessWire, string>>> = {
  'auth/scopes-in-one-challenge': { 'http-json': NEEDS_CLIENT_CREDENTIALS, 'http-sse': NEEDS_CLIENT_CREDENTIALS },
  'cancellation/in-flight': { 'http-json': CANCEL_OVER_HTTP, 'http-sse': CANCEL_OVER_HTTP },
  'cancellation/unknown-ignored': { 'http-json': CANCEL_OVER_HTTP, 'http-sse': CANCEL_OVER_HTTP },
  'cancellation/after-response': { 'http-json': CANCEL_OVER_HTTP, 'http-sse': CANCEL_OVER_HTTP },
  'http/sse-reply-events': { 'http-json': JSON_HAS_NO_EVENTS },
  'http-stateless/response-streams': { 'http-json': JSON_HAS_NO_EVENTS },
  'http-stateless/sse-accel-buffering': { 'http-json': JSON_HAS_NO_EVENTS },
  'http/sse-stream-ends-after-response': { 'http-json': JSON_HAS_NO_EVENTS },
  'tasks-ext/not-in-initialize-session': { stdio: NEEDS_DUAL_ERA, 'http-json': NEEDS_DUAL_ERA, 'http-sse': NEEDS_DUAL_ERA },
};

export function rowsOf(id: string): readonly StatelessFaultRow[] {
  const entry = STATELESS_FAULT_TABLE[id];
  if (!entry) return [];
  return Array.isArray(entry) ? entry : [entry as StatelessFaultRow];
}
