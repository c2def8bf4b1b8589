export { checkLog } from './check-log.js';
export { LogChecker, LOG_DEFAULTS, type LogCheckOptions, type LogReport, type RevisionSource } from './checker.js';
export { LineSplitter, type LineSink } from './line-splitter.js';
export type { LogFinding, Severity } from './findings.js';
