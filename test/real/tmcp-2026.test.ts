// Our 2026-07-28 server on tmcp (servers/tmcp-2026.ts), over stdio and Streamable HTTP: the
// default run detects the stateless revision and runs its suite.
import { describeRealServer } from './describe-real-server.js';

describeRealServer('tmcp-2026/stdio');
describeRealServer('tmcp-2026/http');
