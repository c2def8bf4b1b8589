export { runRevision, type RunOptions } from './run.js';
export { runTarget, acceptedRevisions, type TargetRunOptions } from './target.js';
export { selectChecks, notApplicable, globToRegExp, matchesAny, unmatchedPatterns } from './select.js';
export { DEFAULT_SEED, randomSeed } from './seed.js';
export { attributeCauses, distinctCauses } from './causes.js';
export { targetOf } from './check-record.js';
export { RunStopped, runStop, stopReason } from './stop.js';
export { planRevision, type Plan, type PlanOptions } from './plan.js';
export { viewPlan, plannedRevisions, type PlanView, type PlannedGroup, type PlannedCheck } from './plan-view.js';
