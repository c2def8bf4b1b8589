// Entry of the stdio relay when started as a file (`node dist/src/client/stdio-bridge-main.js
// --connect host:port`): faster to start than the whole CLI, which offers the same as
// `mcp-conform client-stdio-server`.
import { runStdioBridge } from './stdio-bridge.js';

void runStdioBridge(process.argv.slice(2)).then((code) => process.exit(code));
