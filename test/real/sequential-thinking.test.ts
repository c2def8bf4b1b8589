// @modelcontextprotocol/server-sequential-thinking over stdio.
import { describeRealServer } from './describe-real-server.js';

describeRealServer('sequential-thinking');
