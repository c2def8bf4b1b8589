// tsc compiles with the repo root as rootDir (src/ and suites/ side by side), so the entry
// points the package promises (dist/cli.js, dist/index.js) are small forwarding files.
import { chmodSync, writeFileSync } from 'node:fs';

writeFileSync('dist/cli.js', "#!/usr/bin/env node\nimport { cli } from './src/cli/main.js';\nawait cli();\n");
chmodSync('dist/cli.js', 0o755);
writeFileSync('dist/index.js', "export * from './src/index.js';\n");
writeFileSync('dist/index.d.ts', "export * from './src/index.js';\n");
