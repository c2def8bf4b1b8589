// The one test for "a JSON object" (not null, not an array) that the suites read server answers with.

export type Item = Record<string, unknown>;

export const isObject = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);
