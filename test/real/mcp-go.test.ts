// A published server on mcp-go (servers/other-sdks.ts): stdio in a network namespace of its own, and Streamable HTTP on 127.0.0.1.
import { describeRealServer } from './describe-real-server.js';
import { NETWORK_SANDBOX } from './servers/other-sdks.js';

describeRealServer('mcp-go/stdio', NETWORK_SANDBOX ? undefined : 'no network namespace (unshare -n) on this machine');
describeRealServer('mcp-go/http');
