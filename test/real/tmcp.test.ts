// Our small server on tmcp (servers/tmcp/server.mjs), over stdio and Streamable HTTP.
import { describeRealServer } from './describe-real-server.js';

describeRealServer('tmcp/stdio');
describeRealServer('tmcp/http');
