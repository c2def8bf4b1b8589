// Our servers on the official TypeScript SDK v2 (servers/sdk-v2/), over stdio and Streamable
// HTTP, in both postures the SDK offers: dual-era (its default) and 2026-07-28 only
// (legacy: 'reject'). The default run detects 2026-07-28 through server/discover on all four;
// sdk-v2-2025.test.ts pins the dual-era servers' initialize side.
import { describeRealServer } from './describe-real-server.js';

describeRealServer('sdk-v2/stdio');
describeRealServer('sdk-v2/http');
describeRealServer('sdk-v2-modern/stdio');
describeRealServer('sdk-v2-modern/http');
