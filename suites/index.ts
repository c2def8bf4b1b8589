// Every check we ship, in report order.
import type { Check } from '../src/checks/index.js';
import { lifecycleChecks } from './lifecycle.js';
import { messageChecks } from './messages.js';

export const allChecks: readonly Check[] = [...lifecycleChecks, ...messageChecks];
