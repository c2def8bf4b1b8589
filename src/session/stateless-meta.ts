// The per-request `_meta` of 2026-07-28 (S26-3): there is no handshake, so every request says
// which revision it speaks, what the client can do, and who the client is.
import type { Revision } from '../schema/index.js';
import type { ClientIdentity } from './types.js';

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

const DEFAULT_CLIENT = { name: 'mcp-conform', version: '0.1.0' };

export function statelessMeta(
  revision: Revision,
  options: { clientCapabilities?: Record<string, unknown>; clientInfo?: ClientIdentity },
): Record<string, unknown> {
  return {
    [META_PROTOCOL_VERSION]: revision,
    [META_CLIENT_CAPABILITIES]: options.clientCapabilities ?? {},
    [META_CLIENT_INFO]: options.clientInfo ?? DEFAULT_CLIENT,
  };
}
