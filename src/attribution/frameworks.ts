// What we know about the frameworks MCP servers are built on: how to recognise each from what a
// run saw, and the failures each gives every server built on it, as we pin them on real servers
// (test/real/expected.ts; test/real/attribution.test.ts keeps this file and those pins in step).
// A failure listed here is still the server's failure: the verdict stays, the report says where
// it comes from and what the author can do. Nothing here is a guess: a framework is named only
// when one of its signatures was seen.

export type Transport = 'stdio' | 'http';

export interface Signature {
  /** Text only this framework sends (an error message, a tool error, a stderr line). */
  text: RegExp;
  /** The signature in words, for "recognised by …". */
  what: string;
}

export interface KnownFailure {
  check: string;
  /** Transports it shows on (default both). */
  transports?: readonly Transport[];
  /** What the framework does. */
  does: string;
  /** Whether a newer version fixes it, as far as we know. */
  fixed: string;
  /** What the server's author can do meanwhile. */
  meanwhile: string;
}

export interface Framework {
  id: string;
  /** Its name as its users know it (the package or module). */
  name: string;
  /** The versions this knowledge covers. */
  versions: string;
  /** Members of the initialize result only this framework adds. */
  initializeMembers?: readonly string[];
  signatures: readonly Signature[];
  /** Frameworks built on this one also show its signatures: recognising them rules this one out. */
  underneath?: readonly string[];
  failures: readonly KnownFailure[];
}

const BASELINE = 'list it in a --baseline file, so it stops failing your CI until you upgrade';

const TS_SDK_V1_STDIO_DROPS = {
  fixed: 'not fixed in 1.x (1.32.2, the newest we test), nor in 2.x (2.4.0)',
  meanwhile: `nothing in your code changes it; ${BASELINE}`,
};

export const FRAMEWORKS: readonly Framework[] = [
  {
    id: 'fastmcp',
    name: 'fastmcp (TypeScript, on @modelcontextprotocol/sdk 1.x)',
    versions: '4.x (seen on 4.20.16)',
    signatures: [
      { text: /^MCP error -32601: Unknown tool: /, what: 'its -32601 "Unknown tool: …" error' },
      { text: /^MCP error -32602: Tool '[^']*' parameter validation failed: /, what: 'its "Tool \'…\' parameter validation failed" error' },
    ],
    failures: [
      { check: 'capabilities/task-member-ignored', does: 'the official SDK 1.x Server underneath refuses a tools/call carrying a task member with -32603 "Server does not support task creation" when the server declares no task support, where CAP-11 wants the member ignored', fixed: 'not fixed in fastmcp 4.20.16 (SDK 1.x underneath)', meanwhile: BASELINE },
      { check: 'errors/parse-error', transports: ['stdio'], does: 'the SDK 1.x stdio transport underneath drops a line that is not JSON without the -32700 answer RPC-11 asks for', ...TS_SDK_V1_STDIO_DROPS },
      { check: 'errors/invalid-request', transports: ['stdio'], does: 'the SDK 1.x stdio transport underneath drops a request that fails its message schema without the -32600 answer RPC-12 asks for', ...TS_SDK_V1_STDIO_DROPS },
      { check: 'stdio/stdout-only-jsonrpc-whole-run', transports: ['stdio'], does: 'fastmcp writes "[FastMCP debug] listRoots method not supported by client" to stdout when the client refuses roots/list', fixed: 'not fixed in 4.20.16', meanwhile: BASELINE },
      { check: 'http/foreign-origin-rejected', transports: ['http'], does: 'fastmcp\'s httpStream has no Origin check, so a request from a foreign origin is served', fixed: 'not fixed in 4.20.16', meanwhile: `check the Origin header in front of the server (a proxy or middleware), or ${BASELINE}` },
    ],
  },
  {
    id: 'ts-sdk-v1',
    name: '@modelcontextprotocol/sdk 1.x (the official TypeScript SDK)',
    versions: '1.x (seen on 1.32.2 and the reference servers built on it)',
    underneath: ['fastmcp'],
    signatures: [
      { text: /^Server does not support task creation \(required for tools\/call\)$/, what: 'its -32603 "Server does not support task creation" error' },
      { text: /^MCP error -32602: Tool \S+ not found$/, what: 'McpServer\'s "MCP error -32602: Tool … not found" tool error' },
      { text: /^MCP error -32602: Invalid task creation result: /, what: 'its "Invalid task creation result" error' },
    ],
    failures: [
      { check: 'capabilities/task-member-ignored', does: 'Server refuses a tools/call carrying a task member with -32603 "Server does not support task creation" when the server declares no task support, where CAP-11 wants the member ignored', fixed: 'fixed in 2.x (2.4.0 passes); not in 1.32.2', meanwhile: `upgrade to @modelcontextprotocol/sdk 2.x, or ${BASELINE}` },
      { check: 'errors/parse-error', transports: ['stdio'], does: 'StdioServerTransport reports a line that is not JSON to onerror and writes nothing back, where RPC-11 wants -32700', ...TS_SDK_V1_STDIO_DROPS },
      { check: 'errors/invalid-request', transports: ['stdio'], does: 'StdioServerTransport drops a request that fails its message schema (jsonrpc "1.0", no method, params "x", id null) without the -32600 answer RPC-12 asks for', ...TS_SDK_V1_STDIO_DROPS },
      { check: 'fuzz/malformed-messages', transports: ['stdio'], does: 'StdioServerTransport drops malformed messages without an answer, which the fuzzer finds as unanswered requests (the same cause as errors/invalid-request)', ...TS_SDK_V1_STDIO_DROPS },
      { check: 'tasks/required-without-task', does: 'McpServer turns its own -32601 for a plain call of a taskSupport "required" tool into a tool result with isError, where TASK-3 wants the JSON-RPC error', fixed: 'not fixed in 1.32.2', meanwhile: BASELINE },
      { check: 'tasks/taskid-param-wins', does: 'a tasks/get whose _meta names a related task is routed into that task\'s message queue and never answered (TASK-16)', fixed: 'not fixed in 1.32.2', meanwhile: BASELINE },
      { check: 'http/foreign-origin-rejected', transports: ['http'], does: 'StreamableHTTPServerTransport checks Origin only with enableDnsRebindingProtection and allowedOrigins, both off by default', fixed: 'still off by default in 1.32.2', meanwhile: `pass allowedOrigins and enableDnsRebindingProtection: true to the transport (or check Origin in your HTTP layer)` },
    ],
  },
  {
    id: 'ts-sdk-v2',
    name: '@modelcontextprotocol/server 2.x (the official TypeScript SDK)',
    versions: '2.x (seen on 2.4.0)',
    signatures: [
      { text: /^Invalid tools\/call request: /, what: 'its -32602 "Invalid tools/call request: …" error (1.x prefixes "MCP error -32602:")' },
      { text: /^Unsupported protocol version: \S+$/, what: 'its -32022 "Unsupported protocol version: …" error' },
    ],
    failures: [
      { check: 'errors/parse-error', transports: ['stdio'], does: 'serveStdio\'s StdioServerTransport reports a line that is not JSON to onerror and writes nothing back, where RPC-11 wants -32700', fixed: 'not fixed in 2.4.0', meanwhile: BASELINE },
      { check: 'errors/invalid-request', transports: ['stdio'], does: 'serveStdio drops a request that fails its message schema without the -32600 answer RPC-12 asks for', fixed: 'not fixed in 2.4.0', meanwhile: BASELINE },
      { check: 'fuzz/malformed-messages', transports: ['stdio'], does: 'serveStdio drops malformed messages without an answer, which the fuzzer finds as unanswered requests', fixed: 'not fixed in 2.4.0', meanwhile: BASELINE },
      { check: 'stateless/unsupported-version', transports: ['stdio'], does: 'serveStdio pins a connection to the 2026-07-28 era on its first served request (an unknown method too) and then serves an unsupported _meta protocolVersion instead of -32022', fixed: 'not fixed in 2.4.0', meanwhile: BASELINE },
    ],
  },
  {
    id: 'tmcp',
    name: 'tmcp (with @tmcp/transport-stdio / @tmcp/transport-http)',
    versions: '1.x (seen on tmcp 1.20.0, transport-stdio 0.5.0, transport-http 0.9.0)',
    initializeMembers: ['adapter'],
    signatures: [
      { text: /^Tool mcp_conform_no_such_tool not found$/, what: 'its "Tool … not found" tool error' },
      { text: /^URI must be a string$/, what: 'its -32603 "URI must be a string" error' },
    ],
    failures: [
      { check: 'errors/parse-error', transports: ['stdio'], does: '@tmcp/transport-stdio ignores lines that are not JSON by design, where RPC-11 wants -32700', fixed: 'not fixed in transport-stdio 0.5.0', meanwhile: BASELINE },
      { check: 'errors/invalid-request', does: 'structurally invalid requests get no answer (stdio drops them; params "x" makes McpServer.receive throw a ValiError the transport swallows), where RPC-12 wants -32600', fixed: 'not fixed in tmcp 1.20.0', meanwhile: BASELINE },
      { check: 'messages/all-server-messages', does: 'completion/complete with no matching completer is answered result: null, where RPC-4 wants an object', fixed: 'not fixed in tmcp 1.20.0', meanwhile: 'register a completer for every prompt and template argument, or list it in a --baseline file' },
      { check: 'completion/unknown-prompt', does: 'completion/complete for an unknown prompt gets a result without completion instead of -32602 (COMP-2, COMP-5)', fixed: 'not fixed in tmcp 1.20.0', meanwhile: BASELINE },
      { check: 'http/ended-session-404', transports: ['http'], does: '@tmcp/transport-http serves any session id, a deleted one too, where HTTP-29 wants 404', fixed: 'not fixed in transport-http 0.9.0', meanwhile: BASELINE },
      { check: 'http/foreign-origin-rejected', transports: ['http'], does: '@tmcp/transport-http checks Origin only when allowedOrigins is configured', fixed: 'off by default in transport-http 0.9.0', meanwhile: 'configure allowedOrigins on the HTTP transport' },
      { check: 'http/protocol-version-header', transports: ['http'], does: 'an MCP-Protocol-Version header naming an unsupported version is served instead of 400 (HTTP-31)', fixed: 'not fixed in transport-http 0.9.0', meanwhile: BASELINE },
      { check: 'mrtr/request-state-tampered', does: 'requestState is plain JSON unless a requestStateCodec is configured, so a tampered state is trusted (S26-11)', fixed: 'the default in tmcp 1.20.0', meanwhile: 'configure a requestStateCodec that signs or encrypts the state' },
      { check: 'stateless/missing-capability-error', transports: ['http'], does: 'every handler error of a 2026-07-28 request is sent inside an SSE reply with HTTP 200, where S26-6 wants status 400 for -32021', fixed: 'not fixed in transport-http 0.9.0', meanwhile: BASELINE },
      { check: 'stateless/request-meta-required', transports: ['http'], does: 'the -32602 for a request missing its _meta client capabilities comes with HTTP 200 (SSE) instead of 400 (S26-3)', fixed: 'not fixed in transport-http 0.9.0', meanwhile: BASELINE },
    ],
  },
  {
    id: 'mcp-lite',
    name: 'mcp-lite',
    versions: '0.x (seen on 0.10.0)',
    signatures: [{ text: /^Invalid JSON-RPC 2\.0 message (format|in batch)$/, what: 'its -32600 "Invalid JSON-RPC 2.0 message format" error' }],
    failures: [
      { check: 'errors/invalid-request', does: 'isJsonRpcRequest checks neither params nor a null id, so ping with params "x" or id null is served (RPC-12, RPC-16)', fixed: 'not fixed in 0.10.0', meanwhile: BASELINE },
      { check: 'batch/empty-and-invalid', transports: ['http'], does: 'the HTTP transport answers [] with [] instead of one -32600 error (RPC-22)', fixed: 'not fixed in 0.10.0', meanwhile: BASELINE },
      { check: 'batch/notifications-only', transports: ['http'], does: 'a batch of notifications gets HTTP 200 with [] instead of 202 and no body (RPC-21)', fixed: 'not fixed in 0.10.0', meanwhile: BASELINE },
      { check: 'http/ended-session-404', transports: ['http'], does: 'POSTs never check that the session exists, so an ended session is served (HTTP-29)', fixed: 'not fixed in 0.10.0', meanwhile: BASELINE },
      { check: 'http/foreign-origin-rejected', transports: ['http'], does: 'StreamableHttpTransport checks Origin only when allowedOrigins is configured', fixed: 'off by default in 0.10.0', meanwhile: 'configure allowedOrigins on StreamableHttpTransport' },
      { check: 'http/get-stream-or-405', transports: ['http'], does: 'handleGet accepts only 2025-06-18 in MCP-Protocol-Version, whatever the session negotiated (HTTP-17)', fixed: 'not fixed in 0.10.0', meanwhile: BASELINE },
    ],
  },
  {
    id: 'go-sdk',
    name: 'github.com/modelcontextprotocol/go-sdk (the official Go SDK)',
    versions: 'v1.x (seen on v1.2.0)',
    signatures: [
      { text: /^JSON RPC not handled: ".*" unsupported$/, what: 'its code-0 "JSON RPC not handled: … unsupported" error' },
      { text: /invalid message version tag ".*"; expected "2\.0"/, what: 'its "invalid message version tag" exit message on stderr' },
    ],
    failures: [
      { check: 'errors/parse-error', transports: ['stdio'], does: 'a line that is not JSON ends the whole session (the process exits), so no -32700 comes back (RPC-11)', fixed: 'not fixed in v1.2.0', meanwhile: BASELINE },
      { check: 'errors/invalid-request', transports: ['stdio'], does: 'a structurally invalid request ends the whole session (the process exits), so no -32600 comes back (RPC-12)', fixed: 'not fixed in v1.2.0', meanwhile: BASELINE },
      { check: 'stdio/invalid-json-survived', transports: ['stdio'], does: 'a line of invalid JSON ends the session, so the request behind it is never answered (STDIO-7, RPC-25)', fixed: 'not fixed in v1.2.0', meanwhile: BASELINE },
      { check: 'errors/method-not-found', does: 'unknown methods get error code 0 instead of -32601 (RPC-13)', fixed: 'code 0 up to v1.4, as we know; upgrade and re-run to see', meanwhile: `upgrade go-sdk, or ${BASELINE}` },
    ],
  },
  {
    id: 'mcp-go',
    name: 'github.com/mark3labs/mcp-go',
    versions: 'v0.x (seen on v0.33.0)',
    signatures: [{ text: /^unparsable \S+ request: json: cannot unmarshal /, what: 'its -32600 "unparsable … request: json: cannot unmarshal …" error' }],
    failures: [
      { check: 'batch/answered', does: 'negotiates 2025-03-26, the revision with batches, but answers any batch with -32700 (RPC-19, RPC-20)', fixed: 'not fixed in v0.33.0', meanwhile: BASELINE },
      { check: 'batch/notifications-only', does: 'a batch of notifications gets -32700 (over HTTP a 400) where nothing may come back (RPC-21)', fixed: 'not fixed in v0.33.0', meanwhile: BASELINE },
      { check: 'errors/invalid-request', does: 'pings with object or boolean ids are served and the odd id echoed; method 5 gets -32700 (RPC-12)', fixed: 'not fixed in v0.33.0', meanwhile: BASELINE },
      { check: 'http/ended-session-404', transports: ['http'], does: 'after DELETE the same session id is still served instead of 404 (HTTP-29, HTTP-30)', fixed: 'not fixed in v0.33.0', meanwhile: BASELINE },
      { check: 'http/foreign-origin-rejected', transports: ['http'], does: 'the Streamable HTTP server has no Origin validation (HTTP-2, HTTP-3)', fixed: 'not fixed in v0.33.0', meanwhile: `check the Origin header in front of the server, or ${BASELINE}` },
    ],
  },
  {
    id: 'rmcp',
    name: 'rmcp (the official Rust SDK)',
    versions: '1.x (seen on 1.1.1)',
    signatures: [{ text: /"target":"rmcp::(service|handler)/, what: 'its rmcp::service log lines on stderr' }],
    failures: [
      { check: 'errors/parse-error', transports: ['stdio'], does: 'a line it cannot decode ends the session (exit 0), so no -32700 comes back (RPC-11)', fixed: 'not fixed in 1.1.1', meanwhile: BASELINE },
      { check: 'errors/invalid-request', transports: ['stdio'], does: 'a line it cannot decode as a JSON-RPC message ends the session, so no -32600 comes back (RPC-12)', fixed: 'not fixed in 1.1.1', meanwhile: BASELINE },
      { check: 'stdio/invalid-json-survived', transports: ['stdio'], does: 'a line of invalid JSON ends the session, so the request behind it is never answered (STDIO-7, RPC-25)', fixed: 'not fixed in 1.1.1', meanwhile: BASELINE },
      { check: 'lifecycle/unsupported-version', does: 'initialize with an unknown version is answered with that version (LIFE-3)', fixed: 'not fixed in 1.1.1', meanwhile: BASELINE },
    ],
  },
  {
    id: 'csharp-sdk',
    name: 'ModelContextProtocol (the official C# SDK)',
    versions: '2.x (seen on 2.1.0)',
    signatures: [
      { text: /^The negotiated protocol version cannot change within a session\./, what: 'its -32600 "The negotiated protocol version cannot change within a session" error' },
      { text: /^Failed to parse the JSON-RPC request\.$/, what: 'its "Failed to parse the JSON-RPC request." error' },
      { text: /^Method '[^']+' is not available\.$/, what: 'its -32601 "Method \'…\' is not available." error' },
    ],
    failures: [
      { check: 'errors/parse-error', transports: ['stdio'], does: 'a line that is not JSON gets no -32700 (RPC-11)', fixed: 'not fixed in 2.1.0', meanwhile: BASELINE },
      { check: 'errors/invalid-request', transports: ['stdio'], does: 'jsonrpc "1.0", a missing jsonrpc or method get -32700; odd ids are not answered at all (RPC-12, RPC-16)', fixed: 'not fixed in 2.1.0', meanwhile: BASELINE },
      { check: 'stateless/request-meta-required', does: 'a 2026-07-28 request without _meta protocolVersion is served instead of -32602 (S26-3)', fixed: 'not fixed in 2.1.0', meanwhile: BASELINE },
      { check: 'stateless/unsupported-version', does: 'an unsupported _meta protocolVersion gets -32600 once the connection has served requests, -32022 only before (S26-4)', fixed: 'not fixed in 2.1.0', meanwhile: BASELINE },
    ],
  },
];
