// Which catalog requirement a schema failure of a given message violates
// (ids from spec/server-requirements.md). Envelope rules are RPC-*.

/** Results: the row that requires the result's shape. */
export const RESULT_REQUIREMENT: Readonly<Record<string, string>> = {
  initialize: 'LIFE-1',
  ping: 'PING-1',
  'tools/list': 'TOOLS-2',
  'tools/call': 'TOOLS-6',
  'resources/list': 'RES-2',
  'resources/read': 'RES-4',
  'resources/templates/list': 'RES-8',
  'resources/subscribe': 'RES-10',
  'resources/unsubscribe': 'RES-10',
  'prompts/list': 'PROMPT-2',
  'prompts/get': 'PROMPT-3',
  'logging/setLevel': 'LOG-2',
  'completion/complete': 'COMP-2',
  'server/discover': 'S26-1',
};

/** Messages the server sends on its own (requests and notifications). */
export const MESSAGE_REQUIREMENT: Readonly<Record<string, string>> = {
  'notifications/message': 'LOG-6',
  'notifications/progress': 'PROG-8',
  'sampling/createMessage': 'SAMP-2',
  'elicitation/create': 'ELIC-3',
  'roots/list': 'ROOTS-2',
};

/** A few pointers have a sharper requirement than their message's row. */
export function refineRequirement(method: string | undefined, pointer: string, fallback: string | undefined): string | undefined {
  if (method === 'initialize' && pointer.startsWith('/result/serverInfo')) return 'LIFE-12';
  if (method === 'initialize' && pointer.startsWith('/result/capabilities')) return 'CAP-9';
  if (method === 'completion/complete' && pointer === '/result/completion/values') return 'COMP-3';
  if (/\/nextCursor$/.test(pointer)) return 'PAGE-1';
  if (/\/(data|blob)$/.test(pointer)) return method === 'resources/read' ? 'RES-5' : 'TOOLS-15';
  if (/\/icons(\/|$)/.test(pointer)) return 'META-5';
  if (method === 'tools/call' && pointer.startsWith('/result/content/')) return 'TOOLS-14';
  return fallback;
}
