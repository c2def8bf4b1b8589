// Writes a long, realistic session log to disk without holding it in memory: a handshake, then
// tools/call requests with progress notifications and results, and optional planted mistakes.
// Shared by the bounded-memory test and bench/validate.ts.
import { closeSync, openSync, writeSync } from 'node:fs';

export interface LargeLogOptions {
  lines: number;
  /** Every n-th line is a banner, not JSON (0: never). */
  garbageEvery?: number;
  /** Every n-th tools/call gets no result (0: never). */
  unansweredEvery?: number;
}

export interface LargeLogStats {
  lines: number;
  garbage: number;
  unanswered: number;
}

const HANDSHAKE = [
  '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"probe","version":"1.0.0"}}}',
  '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"logging":{}},"serverInfo":{"name":"demo","version":"2.1.0"}}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
];

export function writeLargeLog(path: string, options: LargeLogOptions): LargeLogStats {
  const stats: LargeLogStats = { lines: 0, garbage: 0, unanswered: 0 };
  const fd = openSync(path, 'w');
  let chunk: string[] = [];
  const emit = (line: string) => {
    chunk.push(line);
    stats.lines++;
    if (chunk.length >= 4096) flush();
  };
  const flush = () => {
    writeSync(fd, `${chunk.join('\n')}\n`);
    chunk = [];
  };
  try {
    for (const line of HANDSHAKE) emit(line);
    let id = 1;
    // One round is three lines (call, progress, result); stop before a round would overshoot.
    while (stats.lines + 4 <= options.lines) {
      if (options.garbageEvery && (stats.lines + 1) % options.garbageEvery === 0) {
        emit(`demo-server: handled ${id} calls`);
        stats.garbage++;
        continue;
      }
      emit(`{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"text":"message ${id}"},"_meta":{"progressToken":${id}}}}`);
      emit(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${id},"progress":1,"total":1}}`);
      if (options.unansweredEvery && id % options.unansweredEvery === 0) {
        emit(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"warning","data":"call ${id} is slow"}}`);
        stats.unanswered++;
      } else {
        emit(`{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"message ${id}"}],"isError":false}}`);
      }
      id++;
    }
    while (stats.lines < options.lines) emit('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}');
    if (chunk.length > 0) flush();
  } finally {
    closeSync(fd);
  }
  return stats;
}
