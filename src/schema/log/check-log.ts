// Streams a log through the checker: constant memory whatever the log's length.
import { LOG_DEFAULTS, LogChecker, type LogCheckOptions, type LogReport } from './checker.js';
import { LineSplitter } from './line-splitter.js';

/** Checks a whole log, read chunk by chunk (a file stream, stdin, or any async iterable of bytes). */
export async function checkLog(source: AsyncIterable<Buffer | string>, options: LogCheckOptions = {}): Promise<LogReport> {
  const checker = new LogChecker(options);
  const splitter = new LineSplitter(options.maxLineBytes ?? LOG_DEFAULTS.maxLineBytes, checker);
  for await (const chunk of source) splitter.push(chunk);
  splitter.end();
  return checker.finish();
}
