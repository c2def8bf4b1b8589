// Whole-run checks: every message the server sent on the main session, validated against
// the negotiated revision's schemas, and (stdio) nothing but JSON-RPC on stdout. They read
// findings no other check claimed, so they run after all others.
// Proof of each check (the fixture fault that must break it): test/proof/messages.ts.
import { defineCheck, type Check, type CheckContext } from '../src/checks/index.js';
import type { Finding } from '../src/session/index.js';
import { withFindingCauses } from './lib/findings-verdict.js';
import { WITH_STATELESS } from './lib/revisions.js';

/** Findings no check claimed, each distinct problem once (every session repeats the same handshake). */
function unclaimed(ctx: CheckContext, wanted: (f: Finding) => boolean): Finding[] {
  const seen = new Set<string>();
  return ctx.facts.unclaimed.filter((f) => {
    const key = `${f.requirement}|${f.message}`;
    if (!wanted(f) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function verdictFrom(ctx: CheckContext, findings: Finding[], what: string) {
  if (findings.length === 0) return ctx.pass();
  for (const f of findings.slice(0, 10)) ctx.evidence.push({ type: 'note', text: `${f.requirement ? `[${f.requirement}] ` : ''}${f.message}` }, ...f.evidence);
  const first = findings.find((f) => f.severity === 'fail') ?? findings[0];
  const message = `${findings.length} ${what}; first: ${first.requirement ? `${first.requirement}: ` : ''}${first.message}`;
  return first.severity === 'fail' ? withFindingCauses(ctx.violation(message), findings) : ctx.warn(message);
}

const isFraming = (f: Finding) => (f.requirement ?? '').startsWith('STDIO-') || f.message.includes('maximum message size');

export const allServerMessages = defineCheck({
  id: 'messages/all-server-messages',
  phase: 'final',
  title: 'every message the server sent fits the schema of the negotiated revision',
  level: 'MUST',
  kind: 'S',
  // RPC-9 (request ids), RPC-10 (no reused id), PING-3 (a server ping's shape), LOG-6 (log
  // notifications) and CANCEL-6, CANCEL-7 (what a server's cancellation names) are findings of
  // every received message (src/session, src/schema/validate.ts).
  requirements: ['RPC-1', 'RPC-8', 'LIFE-10', 'RPC-9', 'RPC-10', 'PING-3', 'LOG-6', 'CANCEL-6', 'CANCEL-7'],
  spec: 'basic#messages',
  revisions: WITH_STATELESS,
  async run(ctx) {
    // Warnings among them are problems in values we sent (src/session/our-values.ts): they warn here too.
    return verdictFrom(ctx, unclaimed(ctx, (f) => !isFraming(f)), 'invalid server message(s)');
  },
});

export const stdoutOnlyJsonRpc = defineCheck({
  id: 'stdio/stdout-only-jsonrpc-whole-run',
  phase: 'final',
  title: 'stdout carries only newline-delimited UTF-8 JSON-RPC messages',
  level: 'MUST',
  requirements: ['STDIO-3', 'STDIO-2', 'STDIO-1'],
  spec: 'basic/transports#stdio',
  revisions: WITH_STATELESS,
  transports: ['stdio'],
  // Judged even when the handshake failed: what else stdout carried is often why it did.
  runsWithoutHandshake: true,
  async run(ctx) {
    return verdictFrom(ctx, unclaimed(ctx, isFraming), 'framing violation(s) on stdout');
  },
});

export const messageChecks: Check[] = [allServerMessages, stdoutOnlyJsonRpc];
