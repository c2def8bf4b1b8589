export { toJson, summarize } from './json.js';
export { toTerminal, type TerminalOptions } from './terminal.js';
export { toJunit, type JunitOptions } from './junit.js';
export { toHtml } from './html.js';
export { writeReports, writeRendered, type ReportPaths } from './write.js';
export { areaOf, groupByArea, isMatrix, runsOf, type AreaGroup } from './group.js';
