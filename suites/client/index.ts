// The checks of `mcp-conform client`, in report order.
import type { ClientCheck } from '../../src/client/check.js';
import { authChecks } from './auth.js';
import { authFlowChecks } from './auth-flows.js';
import { authOriginChecks } from './auth-origin.js';
import { fuzzChecks } from './fuzz.js';
import { httpChecks } from './http.js';
import { lifecycleChecks } from './lifecycle.js';
import { messageChecks } from './messages.js';
import { modernChecks } from './modern.js';
import { requestChecks } from './requests.js';
import { robustnessChecks } from './robustness.js';
import { streamChecks } from './streams.js';
import { utilityChecks } from './utilities.js';

export const clientChecks: readonly ClientCheck[] = [
  ...lifecycleChecks, ...requestChecks, ...messageChecks, ...utilityChecks, ...httpChecks, ...streamChecks, ...robustnessChecks, ...fuzzChecks, ...authChecks, ...authFlowChecks,
  // The 2025-03-26 OAuth discovery (runs with --protocol-version 2025-03-26).
  ...authOriginChecks,
  // The stateless revision (runs with --protocol-version 2026-07-28).
  ...modernChecks,
];
