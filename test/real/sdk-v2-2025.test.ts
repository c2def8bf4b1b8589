// The initialize side of our dual-era servers on the official SDK v2 (servers/sdk-v2/, the
// SDK's default posture), asked for 2025-11-25: serveStdio pins the connection to a legacy
// instance, createMcpHandler serves each 2025 request statelessly from a fresh one.
import { describeRealServer } from './describe-real-server.js';

describeRealServer('sdk-v2-2025/stdio');
describeRealServer('sdk-v2-2025/http');
