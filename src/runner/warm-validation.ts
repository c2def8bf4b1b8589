// The validators a run needs first are made ready while the main session's server starts: that
// wait is idle time for this process. Ready means loaded from the build (src/schema/precompiled.ts)
// or, without one, compiled, the costliest step of validation.
import { validateMessage, type Revision } from '../schema/index.js';

const SERVER_INFO = { name: 'warm-up', version: '0' };

/** Validates one typical answer of each kind a run meets first, for the side effect of compiling. */
export function warmValidation(revision: Revision): void {
  const reply = (method: string, result: Record<string, unknown>) => validateMessage({ jsonrpc: '2.0', id: 1, result }, { revision, direction: 'server->client', inReplyTo: method });
  reply('initialize', { protocolVersion: revision, capabilities: {}, serverInfo: SERVER_INFO });
  reply('ping', {});
  reply('tools/list', { tools: [{ name: 't', inputSchema: { type: 'object' } }] });
  reply('tools/call', { content: [{ type: 'text', text: '' }] });
  reply('resources/list', { resources: [] });
  reply('prompts/list', { prompts: [] });
  validateMessage({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: '' } }, { revision, direction: 'server->client' });
  validateMessage({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }, { revision, direction: 'server->client' });
}
