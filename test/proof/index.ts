// Every area's checks beside their proofs (test/proof/<area>.ts mirrors suites/<area>.ts), in
// report order. The tables the proof tests run (test/suites/fault-table.ts,
// stateless-fault-table.ts) are derived from these.
import type { Check } from '../../src/checks/index.js';
import { lifecycleChecks } from '../../suites/lifecycle.js';
import { statelessChecks } from '../../suites/stateless.js';
import { idChecks } from '../../suites/ids.js';
import { errorChecks } from '../../suites/errors.js';
import { notificationChecks } from '../../suites/notifications.js';
import { batchChecks } from '../../suites/batch.js';
import { messageChecks } from '../../suites/messages.js';
import { stdioChecks } from '../../suites/stdio.js';
import { httpChecks } from '../../suites/http.js';
import { httpStatelessChecks } from '../../suites/http-stateless.js';
import { legacySseChecks } from '../../suites/sse.js';
import { toolChecks } from '../../suites/tools.js';
import { resourceChecks } from '../../suites/resources.js';
import { promptChecks } from '../../suites/prompts.js';
import { loggingChecks } from '../../suites/logging.js';
import { statelessLoggingChecks } from '../../suites/stateless-logging.js';
import { completionChecks } from '../../suites/completion.js';
import { capabilityChecks } from '../../suites/capabilities.js';
import { clientRequestChecks } from '../../suites/client-requests.js';
import { paginationChecks } from '../../suites/pagination.js';
import { progressChecks } from '../../suites/progress.js';
import { cancellationChecks } from '../../suites/cancellation.js';
import { statelessCancellationChecks } from '../../suites/stateless-cancellation.js';
import { mrtrChecks } from '../../suites/mrtr.js';
import { subscriptionChecks } from '../../suites/subscriptions.js';
import { taskChecks } from '../../suites/tasks.js';
import { tasksExtChecks } from '../../suites/tasks-ext.js';
import { metaChecks } from '../../suites/meta.js';
import { fuzzChecks } from '../../suites/fuzz.js';
import { authChecks } from '../../suites/auth.js';
import { authServerChecks } from '../../suites/auth-servers.js';
import type { AreaProofs, Proof } from './proof.js';
import { proofs as lifecycle } from './lifecycle.js';
import { proofs as stateless } from './stateless.js';
import { proofs as ids } from './ids.js';
import { proofs as errors } from './errors.js';
import { proofs as notifications } from './notifications.js';
import { proofs as batch } from './batch.js';
import { proofs as messages } from './messages.js';
import { proofs as stdio } from './stdio.js';
import { proofs as http } from './http.js';
import { proofs as httpStateless } from './http-stateless.js';
import { proofs as sse } from './sse.js';
import { proofs as tools } from './tools.js';
import { proofs as resources } from './resources.js';
import { proofs as prompts } from './prompts.js';
import { proofs as logging } from './logging.js';
import { proofs as statelessLogging } from './stateless-logging.js';
import { proofs as completion } from './completion.js';
import { proofs as capabilities } from './capabilities.js';
import { proofs as clientRequests } from './client-requests.js';
import { proofs as pagination } from './pagination.js';
import { proofs as progress } from './progress.js';
import { proofs as cancellation } from './cancellation.js';
import { proofs as statelessCancellation } from './stateless-cancellation.js';
import { proofs as mrtr } from './mrtr.js';
import { proofs as subscriptions } from './subscriptions.js';
import { proofs as tasks } from './tasks.js';
import { proofs as tasksExt } from './tasks-ext.js';
import { proofs as meta } from './meta.js';
import { proofs as fuzz } from './fuzz.js';
import { proofs as auth } from './auth.js';
import { proofs as authServers } from './auth-servers.js';

export interface ProofArea {
  /** suites/<area>.ts and test/proof/<area>.ts */
  area: string;
  checks: readonly Check[];
  proofs: AreaProofs;
}

export const PROOF_AREAS: readonly ProofArea[] = [
  { area: 'lifecycle', checks: lifecycleChecks, proofs: lifecycle },
  { area: 'stateless', checks: statelessChecks, proofs: stateless },
  { area: 'ids', checks: idChecks, proofs: ids },
  { area: 'errors', checks: errorChecks, proofs: errors },
  { area: 'notifications', checks: notificationChecks, proofs: notifications },
  { area: 'batch', checks: batchChecks, proofs: batch },
  { area: 'messages', checks: messageChecks, proofs: messages },
  { area: 'stdio', checks: stdioChecks, proofs: stdio },
  { area: 'http', checks: httpChecks, proofs: http },
  { area: 'http-stateless', checks: httpStatelessChecks, proofs: httpStateless },
  { area: 'sse', checks: legacySseChecks, proofs: sse },
  { area: 'tools', checks: toolChecks, proofs: tools },
  { area: 'resources', checks: resourceChecks, proofs: resources },
  { area: 'prompts', checks: promptChecks, proofs: prompts },
  { area: 'logging', checks: loggingChecks, proofs: logging },
  { area: 'stateless-logging', checks: statelessLoggingChecks, proofs: statelessLogging },
  { area: 'completion', checks: completionChecks, proofs: completion },
  { area: 'capabilities', checks: capabilityChecks, proofs: capabilities },
  { area: 'client-requests', checks: clientRequestChecks, proofs: clientRequests },
  { area: 'pagination', checks: paginationChecks, proofs: pagination },
  { area: 'progress', checks: progressChecks, proofs: progress },
  { area: 'cancellation', checks: cancellationChecks, proofs: cancellation },
  { area: 'stateless-cancellation', checks: statelessCancellationChecks, proofs: statelessCancellation },
  { area: 'mrtr', checks: mrtrChecks, proofs: mrtr },
  { area: 'subscriptions', checks: subscriptionChecks, proofs: subscriptions },
  { area: 'tasks', checks: taskChecks, proofs: tasks },
  { area: 'tasks-ext', checks: tasksExtChecks, proofs: tasksExt },
  { area: 'meta', checks: metaChecks, proofs: meta },
  { area: 'fuzz', checks: fuzzChecks, proofs: fuzz },
  { area: 'auth', checks: authChecks, proofs: auth },
  { area: 'auth-servers', checks: authServerChecks, proofs: authServers },
];

/** Every proof, by check id. */
export const PROOFS: Readonly<Record<string, Proof>> = Object.assign({}, ...PROOF_AREAS.map((a) => a.proofs));
