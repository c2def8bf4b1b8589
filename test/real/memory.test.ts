// @modelcontextprotocol/server-memory over stdio, its knowledge graph in a temp dir.
import { describeRealServer } from './describe-real-server.js';

describeRealServer('memory');
