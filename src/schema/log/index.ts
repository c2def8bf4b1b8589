export { checkLog } from './check-log.js';
export { LogChecker, LOG_DEFAULTS, type LogCheckOptions, type LogReport, type RevisionSource } from './checker.js';
export { LineSplitter, type LineSink } from './line-splitter.js';
export type { DirectionGroup, LogFinding, Severity, Tally } from './findings.js';
