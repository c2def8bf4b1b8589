export { REVISIONS, LATEST, LATEST_STATEFUL, isRevision, isStateless, allowsBatches, revisionIndex, type Revision } from './revisions.js';
export { loadSchemaSet, createAjv, createQuietAjv, schemaDir, type SchemaSet, type SchemaIndex, type MethodEntry, type MethodDirection } from './registry.js';
export { withoutAjvKeywords } from './published-schema.js';
export { loadPrecompiledMeta, META_SCHEMA_IDS, type Dialect } from './precompiled.js';
export { validateMessage, classify, type ValidateOptions, type ValidationResult, type MessageKind, type Direction, type RequestRef } from './validate.js';
export { problem, describe, type Problem, type ProblemKind } from './problems.js';
export * from './types/index.js';
