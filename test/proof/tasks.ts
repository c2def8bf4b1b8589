// The proof of each check in suites/tasks.ts: the fixture fault that must break it (how to read an
// entry: proof.ts). One line per check, in the suite's order.
import type { AreaProofs } from './proof.js';

export const proofs = {
  'tasks/capability': { fault: 'tasks-list-undeclared', expect: 'fail' },
  'tasks/forbidden-tool': { fault: 'task-on-forbidden-tool', expect: 'warn' },
  'tasks/required-without-task': { fault: 'required-tool-runs-without-task', expect: 'fail' },
  'tasks/create-result': { fault: 'task-missing-ttl', expect: 'fail' },
  'tasks/ids-unguessable': { fault: 'sequential-task-ids', expect: 'warn' },
  'tasks/status-transitions': { fault: 'task-status-regresses', expect: 'fail' },
  'tasks/get-answered-as-json': { fault: 'tasks-get-sse', expect: 'warn', transport: 'http' },
  'tasks/result-blocks': { fault: 'task-result-early', expect: 'fail' },
  'tasks/result-related-meta': { fault: 'task-result-no-related-meta', expect: 'fail' },
  'tasks/result-matches-direct': { fault: 'task-result-differs', expect: 'fail' },
  'tasks/unknown-id': { fault: 'wrong-error-codes', expect: 'fail' },
  'tasks/list-contains': { fault: 'tasks-list-omits-newest', expect: 'fail' },
  'tasks/list-isolation': { fault: 'tasks-shared-across-sessions', expect: 'warn', transport: 'http' },
  'tasks/cancel-terminal': { fault: 'cancel-terminal-ok', expect: 'fail' },
  'tasks/cancel-working': { fault: 'cancelled-task-completes', expect: 'fail' },
  'tasks/progress-follows-task': { fault: 'task-progress-after-terminal', expect: 'fail' },
  'tasks/input-requests-related': { fault: 'task-input-request-unrelated', expect: 'fail' },
  'tasks/input-required-status': { fault: 'task-input-status-unchanged', expect: 'warn' },
  'tasks/taskid-param-wins': { fault: 'task-get-follows-meta', expect: 'fail' },
  'tasks/no-related-meta': { fault: 'related-meta-everywhere', expect: 'warn' },
  'tasks/status-notifications': { fault: 'task-status-notification-invalid', expect: 'fail' },
} satisfies AreaProofs;
