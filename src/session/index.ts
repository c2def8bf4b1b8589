export { Session, keyOf, type SessionOptions, type RequestOptions } from './session.js';
export { openSession, createTransport, type TargetSpec } from './connect.js';
export { initialize, CLIENT_INFO, type HandshakeOptions, type HandshakeResult } from './handshake.js';
export type { Evidence } from './evidence.js';
export type { Outcome, Received, Finding, RequestId, ErrorObject, ClientIdentity } from './types.js';
export type { HttpContext } from './types.js';
export { discover, type Discovery, type DiscoverOptions } from './discover.js';
export * from './stateless-meta.js';
export { livenessRequest, type LivenessRequest } from './liveness.js';
