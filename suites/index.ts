// Every check we ship, in report order.
import type { Check } from '../src/checks/index.js';
import { lifecycleChecks } from './lifecycle.js';
import { statelessChecks } from './stateless.js';
import { idChecks } from './ids.js';
import { errorChecks } from './errors.js';
import { notificationChecks } from './notifications.js';
import { batchChecks } from './batch.js';
import { messageChecks } from './messages.js';
import { stdioChecks } from './stdio.js';
import { httpChecks } from './http.js';
import { httpStatelessChecks } from './http-stateless.js';
import { legacySseChecks } from './sse.js';
import { resourceChecks } from './resources.js';
import { promptChecks } from './prompts.js';
import { loggingChecks } from './logging.js';
import { statelessLoggingChecks } from './stateless-logging.js';
import { completionChecks } from './completion.js';
import { capabilityChecks } from './capabilities.js';
import { clientRequestChecks } from './client-requests.js';
import { toolChecks } from './tools.js';
import { paginationChecks } from './pagination.js';
import { progressChecks } from './progress.js';
import { cancellationChecks } from './cancellation.js';
import { statelessCancellationChecks } from './stateless-cancellation.js';
import { mrtrChecks } from './mrtr.js';
import { subscriptionChecks } from './subscriptions.js';
import { taskChecks } from './tasks.js';
import { tasksExtChecks } from './tasks-ext.js';
import { fuzzChecks } from './fuzz.js';
import { authChecks } from './auth.js';
import { authServerChecks } from './auth-servers.js';
import { metaChecks } from './meta.js';

export const allChecks: readonly Check[] = [
  ...lifecycleChecks,
  ...statelessChecks,
  ...idChecks,
  ...errorChecks,
  ...notificationChecks,
  ...batchChecks,
  ...messageChecks,
  ...stdioChecks,
  ...httpChecks,
  ...httpStatelessChecks,
  ...legacySseChecks,
  ...toolChecks,
  ...resourceChecks,
  ...promptChecks,
  ...loggingChecks,
  ...statelessLoggingChecks,
  ...completionChecks,
  ...capabilityChecks,
  ...clientRequestChecks,
  ...paginationChecks,
  ...progressChecks,
  ...cancellationChecks,
  ...statelessCancellationChecks,
  ...mrtrChecks,
  ...subscriptionChecks,
  ...taskChecks,
  ...tasksExtChecks,
  ...metaChecks,
  ...fuzzChecks,
  ...authChecks,
  ...authServerChecks,
];
