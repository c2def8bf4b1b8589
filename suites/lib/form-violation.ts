// Content for an `accept` that breaks a form elicitation's requestedSchema on purpose (ELIC-10):
// the cooperating answer with one declared property given a value of another type. The requested
// schema is flat (primitives, enums, and from 2025-11-25 multi-select arrays), so one wrong type
// always breaks it.
import { isObject, type Item } from './json-object.js';

/** A value of another type than `schema` asks for, or undefined for a property we cannot break this way. */
function wrongValue(schema: unknown): unknown {
  if (!isObject(schema)) return undefined;
  if (schema.type === 'string') return 12345;
  if (schema.type === 'number' || schema.type === 'integer' || schema.type === 'boolean' || schema.type === 'array') return 'mcp-conform: not of the requested type';
  return undefined;
}

/** `valid` with its first breakable property given a wrong type, and that property; undefined when the schema has none. */
export function violatingContent(requestedSchema: unknown, valid: Item): { content: Item; property: string } | undefined {
  const properties = isObject(requestedSchema) && isObject(requestedSchema.properties) ? requestedSchema.properties : {};
  for (const [name, schema] of Object.entries(properties)) {
    const wrong = wrongValue(schema);
    if (wrong !== undefined) return { content: { ...valid, [name]: wrong }, property: name };
  }
  return undefined;
}
