// S26-38: extension ids in capabilities.extensions follow the _meta key rules, and the prefix
// is mandatory: dot-separated labels (a letter first, a letter or digit last, hyphens inside)
// and a slash, then a name that is empty or starts and ends alphanumeric (hyphens,
// underscores and dots inside).
import { isObject } from './json-object.js';

const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const NAME = '(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?';
const EXTENSION_ID = new RegExp(`^${LABEL}(?:\\.${LABEL})*/${NAME}$`);

export function isExtensionId(key: string): boolean {
  return EXTENSION_ID.test(key);
}

/** What is wrong with `capabilities.extensions`, one line per problem (none when absent). */
export function extensionProblems(capabilities: Record<string, unknown>): string[] {
  if (!('extensions' in capabilities)) return [];
  const extensions = capabilities.extensions;
  if (!isObject(extensions)) return [`capabilities.extensions is ${JSON.stringify(extensions)}, not an object`];
  const problems: string[] = [];
  for (const [key, settings] of Object.entries(extensions)) {
    if (!isExtensionId(key)) {
      problems.push(`extension id ${JSON.stringify(key)} is not a prefixed _meta key (e.g. "com.example/my-extension")`);
    }
    if (!isObject(settings)) problems.push(`the settings of extension ${JSON.stringify(key)} are ${JSON.stringify(settings)}, not an object`);
  }
  return problems;
}
