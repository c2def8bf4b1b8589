// Every shipped check, and the fixture fault that must make it fail (or warn, for SHOULD
// and derived rules). The meta test fails when a check has no entry: a check that cannot
// fail is a defect.
export interface FaultCase {
  fault: string;
  /** The verdict the fault must produce. */
  expect: 'fail' | 'warn';
  /** Extra fixture arguments, e.g. HTTP mode. */
  transport?: 'stdio' | 'http';
}

export const FAULT_TABLE: Record<string, FaultCase> = {
  'lifecycle/initialize-result': { fault: 'init-missing-server-info', expect: 'fail' },
  'lifecycle/capabilities-shape': { fault: 'capabilities-not-object', expect: 'fail' },
  'lifecycle/server-info': { fault: 'init-missing-server-info', expect: 'fail' },
  'lifecycle/version-echo': { fault: 'wrong-version', expect: 'fail' },
  'lifecycle/unsupported-version': { fault: 'echo-unsupported-version', expect: 'fail' },
  'lifecycle/counter-offer-newest': { fault: 'counter-offer-oldest', expect: 'warn' },
  'lifecycle/initialized-not-answered': { fault: 'answer-initialized', expect: 'fail' },
  'lifecycle/ping': { fault: 'null-result', expect: 'fail' },
  'lifecycle/ping-before-initialized': { fault: 'no-ping-before-init', expect: 'warn' },
  'lifecycle/request-before-initialize': { fault: 'tools-before-init-ok', expect: 'warn' },
  'lifecycle/no-requests-before-initialized': { fault: 'request-before-initialized', expect: 'warn' },
  'lifecycle/stdin-close-exit': { fault: 'ignore-stdin-close', expect: 'warn' },
  'messages/all-server-messages': { fault: 'bad-jsonrpc-version', expect: 'fail' },
  'stdio/stdout-only-jsonrpc-whole-run': { fault: 'stdout-banner', expect: 'fail' },
};
