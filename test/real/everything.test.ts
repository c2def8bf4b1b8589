// server-everything, the MCP project's reference server, over stdio and Streamable HTTP.
import { describeRealServer } from './describe-real-server.js';

describeRealServer('everything/stdio');
describeRealServer('everything/http');
