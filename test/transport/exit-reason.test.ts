// What a server that could not start said about why: the line that names the error, not the
// noise after it (Node's version line, stack frames), and where to look when it said nothing.
import { describe, expect, it } from 'vitest';
import { exitReason, exitReasonSuffix } from '../../src/transport/exit-reason.js';

// Captured from Node 20 and CPython; the noise around the reason is what matters.
const NODE_THROW = [
  'file:///tmp/crash.mjs:1',
  "throw new Error('API_KEY is not set');",
  '      ^',
  '',
  'Error: API_KEY is not set',
  '    at file:///tmp/crash.mjs:1:7',
  '    at ModuleJob.run (node:internal/modules/esm/module_job:325:25)',
  '',
  'Node.js v20.20.2',
];
const NODE_MISSING_MAIN = [
  'node:internal/modules/cjs/loader:1210',
  '  throw err;',
  '  ^',
  '',
  "Error: Cannot find module '/x/y.js'",
  '    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)',
  '    at node:internal/main/run_main_module:28:49 {',
  "  code: 'MODULE_NOT_FOUND',",
  '  requireStack: []',
  '}',
  '',
  'Node.js v20.20.2',
];
const NODE_MISSING_IMPORT = [
  'node:internal/modules/esm/resolve:283',
  '    throw new ERR_MODULE_NOT_FOUND(',
  '          ^',
  '',
  "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/x/z.mjs' imported from /tmp/imp.mjs",
  '    at finalizeResolution (node:internal/modules/esm/resolve:283:11) {',
  "  code: 'ERR_MODULE_NOT_FOUND',",
  "  url: 'file:///x/z.mjs'",
  '}',
  '',
  'Node.js v20.20.2',
];
const NODE_THROW_STRING = [
  'node:internal/modules/run_main:123',
  '    triggerUncaughtException(',
  '    ^',
  'a string',
  '(Use `node --trace-uncaught ...` to show where the exception was thrown)',
  '',
  'Node.js v20.20.2',
];
const PYTHON = ['Traceback (most recent call last):', '  File "<string>", line 1, in <module>', "ModuleNotFoundError: No module named 'nosuchmod'"];
const GO_PANIC = ['panic: open app.db: database is locked', '', 'goroutine 1 [running]:', 'main.main()', '\t/src/main.go:12 +0x1d', 'exit status 2'];

describe('the reason a server gives for stopping', () => {
  it.each([
    ['a thrown Error', NODE_THROW, 'Error: API_KEY is not set'],
    ['a missing main module', NODE_MISSING_MAIN, "Error: Cannot find module '/x/y.js'"],
    ['a missing import', NODE_MISSING_IMPORT, "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/x/z.mjs' imported from /tmp/imp.mjs"],
    ['a thrown string', NODE_THROW_STRING, 'a string'],
    ['a Python traceback', PYTHON, "ModuleNotFoundError: No module named 'nosuchmod'"],
    ['a Go panic', GO_PANIC, 'panic: open app.db: database is locked'],
  ])('%s: the line that says why, not the runtime noise after it', (_, stderr, reason) => {
    expect(exitReason(stderr)).toBe(reason);
  });

  it('without an error line, the last two lines that are not noise', () => {
    expect(exitReason(['starting up', 'config: /etc/app.toml', 'could not bind 127.0.0.1:8080', ''])).toBe('config: /etc/app.toml / could not bind 127.0.0.1:8080');
  });

  it('bounds what it shows', () => {
    expect(exitReason([`Error: ${'x'.repeat(5000)}`])!.length).toBeLessThanOrEqual(201);
  });

  it('says where to look when stderr is empty, and shows the noise when there is nothing else', () => {
    expect(exitReasonSuffix([])).toBe('; it wrote nothing to stderr (if it logs to a file, look there)');
    expect(exitReasonSuffix(['', '  '])).toBe('; it wrote nothing to stderr (if it logs to a file, look there)');
    expect(exitReasonSuffix(['Node.js v20.20.2'])).toBe(': Node.js v20.20.2');
    expect(exitReasonSuffix(NODE_THROW)).toBe(': Error: API_KEY is not set');
  });
});
