// Readers of what a server sent: a message's method and params, whether it is a notification,
// and the members of a result besides _meta.
import type { Received } from '../../src/session/index.js';
import { isObject, type Item } from './json-object.js';

export const methodOf = (r: Received): string | undefined => (isObject(r.message) && typeof r.message.method === 'string' ? r.message.method : undefined);

export const isNotification = (r: Received, method?: string): boolean =>
  isObject(r.message) && !('id' in r.message) && typeof r.message.method === 'string' && (method === undefined || r.message.method === method);

export const paramsOf = (r: Received): Item => (isObject(r.message) && isObject(r.message.params) ? r.message.params : {});

/** Keys of a result other than _meta: an "empty result" has none. */
export const extraKeys = (result: Item): string[] => Object.keys(result).filter((k) => k !== '_meta');
