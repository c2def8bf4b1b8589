// Our small server on fastmcp (servers/fastmcp/server.mjs), over stdio and Streamable HTTP.
import { describeRealServer } from './describe-real-server.js';

describeRealServer('fastmcp/stdio');
describeRealServer('fastmcp/http');
