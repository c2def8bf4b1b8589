// @modelcontextprotocol/server-filesystem over stdio, confined to a fresh temp dir.
import { describeRealServer } from './describe-real-server.js';

describeRealServer('filesystem');
