export { connect, DEFAULT_TIMEOUT_MS, type ConnectOptions, type McpConnection } from './connect.js';
export { runSuite, type RunSuiteOptions } from './run-suite.js';
export { McpRequestError, type RequestFailure } from './errors.js';
export { toTargetSpec, type ServerTarget, type TargetOptions } from './target.js';
