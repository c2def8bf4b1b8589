export { defineCheck, areaOf, specUrl, STATEFUL_REVISIONS, type Check, type CheckSpec, type Kind, type Connection, type Phase } from './define.js';
export { CheckContext, declaresCapability, HANDSHAKE_TAG, type CheckOptions, type ServerFacts, type ConnectOptions, type SessionOpener, type StartOrder } from './context.js';
export { gradeViolation, gradingOf, keywordGrade, levelText, GRADED_BECAUSE } from './grade.js';
export { describeOutcome, errorCode, lostResponse } from './outcome.js';
export type * from './types.js';
export { summarize } from './summary.js';
export { CAUSES, causesIfAllKnown, describeCause, type CauseKey } from './causes.js';
export { mapLimited } from './map-limited.js';
export { errorMessageText, ERROR_TEXT_MAX } from './error-text.js';
