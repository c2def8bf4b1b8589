// The library API.
export { validateMessage, classify, loadSchemaSet, REVISIONS, type Revision, type ValidationResult, type Problem } from './schema/index.js';
export { openSession, initialize, Session, type TargetSpec } from './session/index.js';
export { defineCheck, type Check, type CheckResult, type Report, type RunResult } from './checks/index.js';
export { runTarget, runRevision } from './runner/index.js';
