// stdio transport: newline-delimited framing of the server's own answers, UTF-8 both ways,
// robustness of the server's line reading, and survival of invalid input. The framing and UTF-8
// checks probe the shared session (their requests are harmless); the robustness checks write
// split or invalid bytes, so they get connections of their own. Everything else on stdout
// (banners, logs) is judged by stdio/stdout-only-jsonrpc-whole-run (suites/messages.ts).
// Proof of each check (the fixture fault that must break it): test/proof/stdio.ts.
import { defineCheck, describeOutcome, lostResponse, type Check, type CheckContext } from '../src/checks/index.js';
import type { Outcome, Received, Session } from '../src/session/index.js';
import type { FramingProblem } from '../src/transport/index.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../src/transport/limits.js';
import { answered, graceAfterSentinel, livenessMessage, livenessName, probeAlive } from './lib/alive.js';
import { caused } from './lib/caused.js';
import { delay } from './lib/delay.js';
import { expectAnswer } from './lib/expect-answer.js';
import { isObject } from './lib/json-object.js';
import { listAll, listWalk, walkedOn } from './lib/list-all.js';
import { WITH_STATELESS } from './lib/revisions.js';
import { findEchoTool, FramingWatch, looksLikeJsonFragment, settleAfter, textsOf, type SeenProblem } from './lib/stdio-probe.js';

/** Non-ASCII text from several scripts and planes (2-, 3- and 4-byte UTF-8 sequences). */
const UNICODE = 'héllo wörld · 世界 · Ελληνικά · 🚀🧪';
const PROBE_META = 'io.github.mcp-conform/probe';
/** Long enough that the two halves of a split message reach the server as separate reads. */
const SPLIT_PAUSE_MS = 150;


function noteProblems(ctx: CheckContext, seen: SeenProblem[]): void {
  for (const p of seen.slice(0, 8)) ctx.evidence.push({ type: 'message', direction: 'received', at: 0, raw: p.raw });
}

/** Consecutive fragment lines that parse as one JSON value together: proof a message was split over lines. */
function reassembled(seen: SeenProblem[]): string | undefined {
  const text = seen.filter((p) => p.problem === 'not-json').map((p) => p.raw).join('\n');
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? JSON.stringify(value).slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

export const newlineDelimited = defineCheck({
  id: 'stdio/newline-delimited',
  shares: [listWalk],
  title: 'each message the server writes is one line, with no raw newline inside, ended by a newline',
  level: 'MUST',
  requirements: ['STDIO-2', 'STDIO-5'],
  spec: 'basic/transports#stdio',
  revisions: WITH_STATELESS,
  transports: ['stdio'],
  // A server that pretty-prints even its initialize answer gets this verdict too, from the handshake's trace.
  runsWithoutHandshake: true,
  async run(ctx) {
    const session = ctx.session;
    // Lines that are pieces of JSON, and lines that never end; prose (banners, logs) is STDIO-3's.
    const relevant = (problem: FramingProblem, raw: string) => problem === 'too-large' || (problem === 'not-json' && looksLikeJsonFragment(raw));
    const earlier = session.transport.trace.flatMap((e) => (e.kind === 'framing' && relevant(e.problem, e.raw) ? [{ problem: e.problem, raw: e.raw }] : []));
    const watch = new FramingWatch(session, relevant);
    watch.seen.push(...earlier);
    try {
      if (earlier.length === 0) {
        if (ctx.facts.handshake.kind !== 'result') return ctx.skip(`initialize failed (${describeOutcome(ctx.facts.handshake)}), and not because of line framing`);
        // Answers that tend to hold newlines inside strings (descriptions, echoed text) must escape them.
        const live = session.liveness;
        const probes: Array<Promise<unknown>> = [ctx.request(live.method, { ...live.params, _meta: { [PROBE_META]: 'line one\nline two' } }, { session })];
        // The run's shared walk of each list, when it went on this session (its answers' lines are
        // watched here, or already in the trace): a catalog's pages are costly to build again.
        for (const [capability, method, key] of [['tools', 'tools/list', 'tools'], ['resources', 'resources/list', 'resources'], ['prompts', 'prompts/list', 'prompts']]) {
          if (!ctx.declares(capability)) continue;
          probes.push(listAll(ctx, method, key).then((walk): unknown => (walkedOn(walk, session) ? walk : ctx.request(method, undefined, { session }))));
        }
        const echo = await watch.until(findEchoTool(ctx));
        if (echo && echo !== 'framing') {
          probes.push(ctx.request('tools/call', { name: echo.name, arguments: { [echo.argument]: 'first line\nsecond line\r\nthird' } }, { session }));
        }
        await watch.until(Promise.all(probes));
      }
      // A broken answer usually spans several lines: let the rest of it arrive.
      if (watch.seen.length > earlier.length) await delay(Math.min(ctx.options.quietMs, 500));
      if (watch.seen.length === 0) return ctx.pass();
      noteProblems(ctx, watch.seen);
      const tooLarge = watch.seen.find((p) => p.problem === 'too-large');
      if (tooLarge) {
        const mib = DEFAULT_MAX_MESSAGE_BYTES / (1024 * 1024);
        return ctx.violation(
          `a stdout line grew past the maximum message size (${mib} MiB) without a newline: an unterminated message, or one far larger than any answer to these probes`,
          'every message ends with a newline',
          `more than ${mib} MiB without a newline, starting ${JSON.stringify(tooLarge.raw.slice(0, 80))}`,
        );
      }
      const whole = reassembled(watch.seen);
      if (whole) ctx.note(`together the lines form one message: ${whole}`);
      return ctx.violation(
        `${watch.seen.length} stdout line(s) are pieces of a JSON message: the server wrote raw newlines inside messages`,
        'one message per line, newlines inside strings escaped as \\n',
        watch.seen.slice(0, 3).map((p) => JSON.stringify(p.raw.slice(0, 60))).join(', '),
      );
    } finally {
      watch.stop();
    }
  },
});

export const utf8RoundTrip = defineCheck({
  id: 'stdio/utf8',
  shares: [listWalk],
  title: 'non-ASCII text is read and written as UTF-8',
  level: 'MUST',
  requirements: ['STDIO-1'],
  spec: 'basic/transports',
  revisions: WITH_STATELESS,
  transports: ['stdio'],
  async run(ctx) {
    const watch = new FramingWatch(ctx.session, (problem) => problem === 'invalid-utf8');
    try {
      // Read-only places for the text: the _meta of ping (server/discover in 2026-07-28), and an echo-type tool when one may be called.
      const live = ctx.session.liveness;
      const ping = await watch.until(ctx.request(live.method, { ...live.params, _meta: { [PROBE_META]: UNICODE } }));
      // Any answer to our id, an error too, shows the request decoded.
      if (ping !== 'framing' && !answered(ping)) {
        return ctx.violation(`${live.method} with non-ASCII text in _meta was not answered: ${describeOutcome(ping)}`, 'an answer (the request decodes as UTF-8)', describeOutcome(ping));
      }
      const echo = ping === 'framing' ? undefined : await watch.until(findEchoTool(ctx));
      let echoed: Outcome | 'framing' | undefined;
      if (echo && echo !== 'framing') echoed = await watch.until(ctx.request('tools/call', { name: echo.name, arguments: { [echo.argument]: UNICODE } }));
      if (watch.seen.length > 0) {
        noteProblems(ctx, watch.seen);
        return ctx.violation('the server wrote bytes that are not valid UTF-8', 'UTF-8 encoded JSON', `${watch.seen.length} line(s) that do not decode as UTF-8`);
      }
      if (!echo || echo === 'framing') {
        ctx.note(`no echo-type tool that may be called: only the request side (${live.method} _meta) was tested`);
        return ctx.pass();
      }
      if (echoed === undefined || echoed === 'framing' || echoed.kind !== 'result') {
        return ctx.info(`the echo-type tool ${echo.name} did not return a result (${echoed && echoed !== 'framing' ? describeOutcome(echoed) : 'no answer'}); the request side passed`);
      }
      const texts = textsOf(echoed.result);
      if (texts.some((t) => t.includes(UNICODE))) return ctx.pass();
      if (texts.some((t) => t.includes('\uFFFD'))) {
        return ctx.violation(`${echo.name} returned the text with replacement characters: it was mangled in decoding or encoding`, JSON.stringify(UNICODE), JSON.stringify(texts.join(' ').slice(0, 200)));
      }
      ctx.note(`${echo.name} did not return the text verbatim, so the round trip is not proven: ${JSON.stringify(texts.join(' ').slice(0, 200))}`);
      return ctx.pass();
    } finally {
      watch.stop();
    }
  },
});

export const framingRobust = defineCheck({
  id: 'stdio/framing-robust',
  title: 'two messages in one write, and one message split over two writes, are both answered',
  level: 'SHOULD',
  kind: 'D',
  requirements: ['STDIO-6'],
  spec: 'basic/transports#stdio',
  revisions: WITH_STATELESS,
  transports: ['stdio'],
  connection: 'disposable',
  runsAlone: true,
  async run(ctx) {
    const session = ctx.session;
    // ping, or server/discover with its _meta in 2026-07-28.
    const ping = (id: string) => livenessMessage(session, id);
    const line = (id: string) => `${JSON.stringify(ping(id))}\n`;
    const problems: string[] = [];

    // Two messages in one write.
    const pair = ['mcp-conform-pair-1', 'mcp-conform-pair-2'];
    const pairAnswers = pair.map((id) => expectAnswer(ctx, session, ping(id)));
    await ctx.sendRaw(pair.map(line).join(''), session);
    const [a, b] = await settleAfter(probeAlive(ctx, session), pairAnswers, ctx.options.quietMs);
    pair.forEach((id, i) => {
      if ([a, b][i]?.kind !== 'result') problems.push(`${id}, written together with another message in one write, got ${describe([a, b][i])}`);
    });

    // One message in two writes, with a pause between them so they arrive as separate reads.
    const whole = line('mcp-conform-split');
    const cut = Math.floor(whole.length / 2);
    const splitAnswer = expectAnswer(ctx, session, ping('mcp-conform-split'));
    await ctx.sendRaw(whole.slice(0, cut), session);
    await delay(SPLIT_PAUSE_MS);
    await ctx.sendRaw(whole.slice(cut), session);
    const [split] = await settleAfter(probeAlive(ctx, session), [splitAnswer], ctx.options.quietMs);
    if (split?.kind !== 'result') problems.push(`mcp-conform-split, written in two parts ${SPLIT_PAUSE_MS} ms apart, got ${describe(split)}`);

    if (problems.length === 0) return ctx.pass();
    return ctx.violation(problems.join('; '), `a result for every ${livenessName(session)}, however the bytes were split into writes`, problems[0]);
  },
});

function describe(o: Outcome | undefined): string {
  return o === undefined ? 'no answer' : describeOutcome(o);
}

export const invalidJsonSurvived = defineCheck({
  id: 'stdio/invalid-json-survived',
  title: 'a line of invalid JSON does not end the server: it keeps serving (the parse error itself is RPC-11)',
  level: 'MUST',
  kind: 'D',
  requirements: ['STDIO-7', 'STDIO-4'],
  spec: 'basic/transports#stdio',
  revisions: WITH_STATELESS,
  transports: ['stdio'],
  connection: 'disposable',
  runsAlone: true,
  async run(ctx) {
    const session = ctx.session;
    const parseErrors: Received[] = [];
    const off = session.onReceive((r) => {
      if (isObject(r.message) && isObject(r.message.error) && r.message.error.code === -32700) parseErrors.push(r);
    });
    try {
      // Dead before our line (an earlier check's doing): not this check's finding.
      if (session.closed) return ctx.skip('the connection was closed before the invalid line could be sent');
      const sent = await ctx.sendRaw('mcp-conform: this line is not JSON {\n', session).then(() => undefined, (error: Error) => error.message);
      if (sent !== undefined) return ctx.skip(`the invalid line could not be sent (${sent}), so the server was not tested`);
      const after = await probeAlive(ctx, session);
      const ping = livenessName(session);
      noteStderr(ctx, session);
      // The process died of our line: STDIO-7 broken, and the ping behind it lost, whatever this check's kind.
      const died = lostResponse(after);
      if (died) return caused(ctx.lostResponse(`the server ended after a line of invalid JSON, so ${ping} got no response: ${died}`, `a -32700 parse error, then ${ping} answered`, describeOutcome(after)), 'ends-on-non-json');
      if (after.kind === 'closed') return caused(ctx.violation(`the server ended after a line of invalid JSON: ${after.reason}`, `a -32700 parse error, then ${ping} answered`, describeOutcome(after)), 'ends-on-non-json');
      // Any answer, an error too, shows the server survived the line.
      if (!answered(after)) return ctx.violation(`after a line of invalid JSON, ${ping} got ${describeOutcome(after)}`, `${ping} answered`, describeOutcome(after));
      // The parse error is only shown here (errors/parse-error judges it): once the ping behind the
      // line is answered, wait about as long again, not a whole quiet period.
      if (parseErrors.length === 0) await session.waitFor((r) => isObject(r.message) && isObject(r.message.error) && r.message.error.code === -32700, graceAfterSentinel(ctx, after.ms));
      if (parseErrors.length === 0) ctx.note('no -32700 parse error came back for the invalid line (RPC-11 is judged on its own); the server survived');
      else ctx.evidence.push({ type: 'message', direction: 'received', at: parseErrors[0].at, message: parseErrors[0].message });
      return ctx.pass();
    } finally {
      off();
    }
  },
});

/** STDIO-4: stderr output is allowed and never a failure; show it as context. */
function noteStderr(ctx: CheckContext, session: Session): void {
  const tail = session.transport.stderrTail().filter((l) => l.trim() !== '');
  if (tail.length) ctx.evidence.push({ type: 'stderr', text: tail.slice(-5).join('\n') });
}

export const stdioChecks: Check[] = [newlineDelimited, utf8RoundTrip, framingRobust, invalidJsonSurvived];
