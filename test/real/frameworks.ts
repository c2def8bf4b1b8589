// What each real server is built on, and which of its pinned failures (expected.ts) come from
// that framework rather than from the server's own code, read from the reasons written there.
// src/attribution/frameworks.ts must name exactly these (attribution.test.ts), and a run must
// recognise the framework from the server's real behaviour (describe-real-server.ts).
import type { RealServer } from './real-servers.js';

export interface BuiltOn {
  /** An id of src/attribution/frameworks.ts. */
  framework: string;
  /** The pinned failures the framework causes. */
  inherited: string[];
}

const SDK_V1_STDIO = ['capabilities/task-member-ignored', 'errors/invalid-request', 'errors/parse-error'];
const SDK_V2_STDIO = ['errors/invalid-request', 'errors/parse-error', 'stateless/unsupported-version'];

export const BUILT_ON: Record<RealServer, BuiltOn> = {
  'everything/stdio': { framework: 'ts-sdk-v1', inherited: ['errors/invalid-request', 'errors/parse-error', 'tasks/required-without-task', 'tasks/taskid-param-wins'] },
  // http/ended-session-404 is its Express wrapper's session map, not the SDK's.
  'everything/http': { framework: 'ts-sdk-v1', inherited: ['http/foreign-origin-rejected', 'tasks/required-without-task', 'tasks/taskid-param-wins'] },
  'filesystem': { framework: 'ts-sdk-v1', inherited: SDK_V1_STDIO },
  'memory': { framework: 'ts-sdk-v1', inherited: SDK_V1_STDIO },
  'sequential-thinking': { framework: 'ts-sdk-v1', inherited: SDK_V1_STDIO },
  'tmcp/stdio': { framework: 'tmcp', inherited: ['errors/invalid-request', 'errors/parse-error', 'messages/all-server-messages'] },
  'tmcp/http': { framework: 'tmcp', inherited: ['errors/invalid-request', 'http/ended-session-404', 'http/foreign-origin-rejected', 'http/protocol-version-header', 'messages/all-server-messages'] },
  'mcp-lite/stdio': { framework: 'mcp-lite', inherited: ['errors/invalid-request'] },
  'mcp-lite/http': { framework: 'mcp-lite', inherited: ['batch/empty-and-invalid', 'batch/notifications-only', 'errors/invalid-request', 'http/ended-session-404', 'http/foreign-origin-rejected', 'http/get-stream-or-405'] },
  'fastmcp/stdio': { framework: 'fastmcp', inherited: ['capabilities/task-member-ignored', 'errors/invalid-request', 'errors/parse-error', 'stdio/stdout-only-jsonrpc-whole-run'] },
  'fastmcp/http': { framework: 'fastmcp', inherited: ['capabilities/task-member-ignored', 'http/foreign-origin-rejected'] },
  'tmcp-2026/stdio': { framework: 'tmcp', inherited: ['completion/unknown-prompt', 'errors/invalid-request', 'errors/parse-error', 'mrtr/request-state-tampered'] },
  'tmcp-2026/http': { framework: 'tmcp', inherited: ['completion/unknown-prompt', 'http/foreign-origin-rejected', 'mrtr/request-state-tampered', 'stateless/missing-capability-error', 'stateless/request-meta-required'] },
  'sdk-v2/stdio': { framework: 'ts-sdk-v2', inherited: SDK_V2_STDIO },
  'sdk-v2/http': { framework: 'ts-sdk-v2', inherited: [] },
  'sdk-v2-modern/stdio': { framework: 'ts-sdk-v2', inherited: SDK_V2_STDIO },
  'sdk-v2-modern/http': { framework: 'ts-sdk-v2', inherited: [] },
  'sdk-v2-2025/stdio': { framework: 'ts-sdk-v2', inherited: ['errors/invalid-request', 'errors/parse-error'] },
  'sdk-v2-2025/http': { framework: 'ts-sdk-v2', inherited: [] },
  'sdk-v1-auth/http': { framework: 'ts-sdk-v1', inherited: ['capabilities/task-member-ignored', 'http/foreign-origin-rejected'] },
  'sdk-v2-auth/http': { framework: 'ts-sdk-v2', inherited: [] },
  'fastmcp-auth/http': { framework: 'fastmcp', inherited: ['capabilities/task-member-ignored', 'http/foreign-origin-rejected'] },
  'go-sdk/stdio': { framework: 'go-sdk', inherited: ['errors/invalid-request', 'errors/method-not-found', 'errors/parse-error', 'stdio/invalid-json-survived'] },
  'mcp-go/stdio': { framework: 'mcp-go', inherited: ['batch/answered', 'batch/notifications-only', 'errors/invalid-request'] },
  'mcp-go/http': { framework: 'mcp-go', inherited: ['batch/answered', 'batch/notifications-only', 'errors/invalid-request', 'http/ended-session-404', 'http/foreign-origin-rejected'] },
  'rmcp/stdio': { framework: 'rmcp', inherited: ['errors/invalid-request', 'errors/parse-error', 'lifecycle/unsupported-version', 'stdio/invalid-json-survived'] },
  'csharp/stdio': { framework: 'csharp-sdk', inherited: ['errors/invalid-request', 'errors/parse-error', 'stateless/request-meta-required', 'stateless/unsupported-version'] },
};

export const transportOf = (name: RealServer): 'stdio' | 'http' => (name.endsWith('/http') ? 'http' : 'stdio');

/** Known failures no pinned run can show: fuzz verdicts are not pinned (README "Fuzzing findings"). */
export const NOT_PINNABLE = /^fuzz\//;
