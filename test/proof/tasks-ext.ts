// The proof of each check in suites/tasks-ext.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';
import { NEEDS_DUAL_ERA } from './reasons.js';

export const proofs = {
  'tasks-ext/declaration': { fault: 'tasksx-legacy-capability', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/no-task-without-extension': { fault: 'tasksx-sticky-extension', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/only-tools-call': { fault: 'tasksx-task-on-prompts-get', expect: 'warn', era: 'stateless', stateless: 'same' },
  'tasks-ext/create-result-shape': { fault: 'tasksx-wrapped-task', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/task-ids-unguessable': { fault: 'tasksx-sequential-ids', expect: 'warn', era: 'stateless', stateless: 'same' },
  'tasks-ext/retrievable-at-once': { fault: 'tasksx-lazy-store', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/get-result-shape': { fault: 'tasksx-completed-without-result', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/status-transitions': { fault: 'tasksx-terminal-changes', expect: 'warn', era: 'stateless', stateless: 'same' },
  'tasks-ext/result-matches-direct-call': { fault: 'tasksx-iserror-failed', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/input-requests': { fault: 'tasksx-input-key-reused', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/cancel': { fault: 'tasksx-cancel-returns-task', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/unknown-task-id': { fault: 'tasksx-unknown-id-wrong-code', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/extension-required': { fault: 'tasksx-methods-without-extension', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/removed-methods': { fault: 'tasksx-tasks-result-served', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/listen-notifications': { fault: 'tasksx-progress-on-task-stream', expect: 'fail', era: 'stateless', stateless: 'same' },
  'tasks-ext/mcp-name-task-id': { fault: 'tasksx-mcp-name-rejected', expect: 'warn', era: 'stateless', transport: 'http', stateless: 'same' },
  'tasks-ext/not-in-initialize-session': { fault: 'tasksx-extension-in-initialize-session', expect: 'fail', era: 'dual', protocolVersion: '2026-07-28', exempt: { stdio: NEEDS_DUAL_ERA, 'http-json': NEEDS_DUAL_ERA, 'http-sse': NEEDS_DUAL_ERA } },
} satisfies AreaProofs;
