// A MIME type as content blocks carry it (type/subtype, optional parameters), for the binary-payload checks.

export const MIME_TYPE = /^[A-Za-z0-9][\w.+-]*\/[A-Za-z0-9][\w.+-]*(?:\s*;.*)?$/;

export const isMimeType = (value: unknown): value is string => typeof value === 'string' && MIME_TYPE.test(value);
