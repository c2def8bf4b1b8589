// The two listen scenarios the subscription checks observe (each memoized per run):
// - plain: a connection of its own whose only request is a listen with the narrowest filter,
//   watched for the quiet period after its first message, then torn down;
// - with a call: a listen held open while a read-only tool is called with a progressToken and
//   logLevel "debug" (stdio: on the same connection; HTTP: on another, since each POST is its
//   own stream), to see where the call's progress and logs go.
import { describeOutcome, defineSharedScenario, type CheckContext } from '../../src/checks/index.js';
import { absence, META_LOG_LEVEL, type Outcome, type Received } from '../../src/session/index.js';
import { delay } from './delay.js';
import { isObject, type Item } from './json-object.js';
import { listAll } from './list-all.js';
import { findNoisyTool } from './listen-noisy-tool.js';
import { narrowFilter, openListen, subscriptionIdOf, type ListenStream } from './listen-stream.js';
import { argumentsFor, callableTools, toolsOf, type ToolDef } from './tool-survey.js';

export type Plain = { skip: string } | { stream: ListenStream };

export const plainListenScenario = defineSharedScenario<Plain>({ name: 'plain subscriptions/listen' });

export function plainListen(ctx: CheckContext): Promise<Plain> {
  return ctx.shared(plainListenScenario, async () => {
    const filter = await narrowFilter(ctx);
    if (typeof filter === 'string') return { skip: filter };
    const { session } = await ctx.connect();
    const stream = await openListen(ctx, session, filter);
    if (stream.first && !stream.answer) await delay(ctx.options.quietMs);
    await stream.close();
    stream.stop();
    return { stream };
  });
}

export interface WithCall {
  stream: ListenStream;
  tool: ToolDef;
  progressToken: string;
  call: Outcome;
  /** Progress and log notifications received on the call's own connection (HTTP) or untagged (stdio). */
  ownStream: Received[];
  /** HTTP: notifications/cancelled on the call's own connection, which holds no listen (on stdio they are on the listen's). */
  cancelsOnCall: Received[];
}

export const isProgressOrLog = (r: Received) =>
  isObject(r.message) && !('id' in r.message) && (r.message.method === 'notifications/progress' || r.message.method === 'notifications/message');

/** A tool whose calls log (seen at level debug), else the first callable one. */
async function toolToCall(ctx: CheckContext): Promise<{ tool: ToolDef; args: Item } | string> {
  const noisy = await findNoisyTool(ctx);
  if (!('skip' in noisy)) return { tool: noisy.tool, args: noisy.args };
  if (!ctx.declares('tools')) return 'the server does not declare tools, so nothing can emit progress or logs';
  for (const tool of callableTools(toolsOf(await listAll(ctx, 'tools/list', 'tools')), ctx.options)) {
    const built = argumentsFor(tool, ctx);
    if ('args' in built) return { tool, args: built.args };
  }
  return 'no tool may be called with sampled arguments (none is annotated readOnlyHint; allow some with --call-tools)';
}

export const listenWithCallScenario = defineSharedScenario<{ skip: string } | WithCall>({ name: 'subscriptions/listen beside a tool call' });

export function listenWithCall(ctx: CheckContext): Promise<{ skip: string } | WithCall> {
  return ctx.shared(listenWithCallScenario, async () => {
    const filter = await narrowFilter(ctx);
    if (typeof filter === 'string') return { skip: filter };
    const chosen = await toolToCall(ctx);
    if (typeof chosen === 'string') return { skip: chosen };
    const { session } = await ctx.connect();
    // Another id than the plain listen's: over HTTP both may be open on one server at once.
    const stream = await openListen(ctx, session, filter, 'sub-2');
    if (!stream.first || stream.answer) {
      await stream.close();
      stream.stop();
      const why = stream.answer ? describeOutcome(stream.answer) : absence(`nothing within ${ctx.options.requestTimeoutMs} ms`, stream.carried);
      return { skip: `the listen stream did not open (${why}); see subscriptions/acknowledged-first` };
    }
    const caller = session.transport.kind === 'stdio' ? session : (await ctx.connect()).session;
    const ownStream: Received[] = [];
    const cancelsOnCall: Received[] = [];
    const off =
      caller === session
        ? () => undefined
        : caller.onReceive((r) => {
            if (isProgressOrLog(r)) ownStream.push(r);
            else if (isObject(r.message) && !('id' in r.message) && r.message.method === 'notifications/cancelled') cancelsOnCall.push(r);
          });
    const progressToken = 'mcp-conform-listen-progress';
    const call = await caller.request('tools/call', { name: chosen.tool.name, arguments: chosen.args }, { meta: { progressToken, [META_LOG_LEVEL]: 'debug' } });
    await delay(ctx.options.quietMs);
    off();
    await stream.close();
    stream.stop();
    // On stdio the call's own notifications are the untagged ones on the shared connection.
    if (caller === session) ownStream.push(...stream.received.filter((r) => isProgressOrLog(r) && subscriptionIdOf(r.message) === undefined));
    return { stream, tool: chosen.tool, progressToken, call, ownStream, cancelsOnCall };
  });
}
