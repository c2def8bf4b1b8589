// A published server on the official C# SDK (servers/other-sdks.ts), over stdio in a network namespace of its own.
import { describeRealServer } from './describe-real-server.js';
import { NETWORK_SANDBOX } from './servers/other-sdks.js';

describeRealServer('csharp/stdio', NETWORK_SANDBOX ? undefined : 'no network namespace (unshare -n) on this machine');
