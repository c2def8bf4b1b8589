// The tasks extension's own schema (schemas/extensions/, ext-tasks @ the commit §17b names):
// CreateTaskResult, GetTaskResult, TaskStatusNotification… compiled once, on first use.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createQuietAjv, schemaDir } from '../../src/schema/index.js';

const FILE = join('..', 'extensions', 'io.modelcontextprotocol-tasks.schema.json');
const ID = 'https://modelcontextprotocol.io/ext-tasks/schema.json';

export type TaskDefinition = 'CreateTaskResult' | 'GetTaskResult' | 'UpdateTaskResult' | 'CancelTaskResult' | 'TaskStatusNotification' | 'InputRequests';

let ajv: ReturnType<typeof createQuietAjv> | undefined;
const compiled = new Map<TaskDefinition, ValidateFunction>();

function validatorFor(definition: TaskDefinition): ValidateFunction {
  let validate = compiled.get(definition);
  if (validate) return validate;
  if (!ajv) {
    ajv = createQuietAjv('2020-12');
    ajv.addSchema(JSON.parse(readFileSync(join(schemaDir('2026-07-28'), FILE), 'utf8')) as object);
  }
  validate = ajv.getSchema(`${ID}#/$defs/${definition}`);
  if (!validate) throw new Error(`mcp-conform: ${FILE} has no definition ${definition}`);
  compiled.set(definition, validate);
  return validate;
}

/** The first few schema problems of `value` as `definition`, as readable lines; empty when it is valid. */
export function taskSchemaProblems(definition: TaskDefinition, value: unknown): string[] {
  const validate = validatorFor(definition);
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 3).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${e.params && 'allowedValue' in e.params ? ` (${JSON.stringify(e.params.allowedValue)})` : ''}`);
}
