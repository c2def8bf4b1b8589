// Our small server on mcp-lite (servers/mcp-lite/server.mjs), over stdio and Streamable HTTP.
import { describeRealServer } from './describe-real-server.js';

describeRealServer('mcp-lite/stdio');
describeRealServer('mcp-lite/http');
