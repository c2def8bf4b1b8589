// Many servers and many runs: shards of a config's targets, merged reports, diffs, badges.
// A layer after src/report (it reads reports back and reuses their writers); src/cli uses it.
export { ReportInputError } from './errors.js';
export { readReport, serverName, serverRuns, type LoadedReport, type ServerRun } from './read.js';
export { assignShards, durationsOf, parseShard, sliceOf, type Shard } from './shard.js';
export { mergeReports, runLabel, type FleetReport, type FleetServer } from './merge.js';
export { toFleetHtml } from './matrix-html.js';
export { matrixData, type MatrixData } from './matrix-data.js';
export { toFleetJson, writeFleetReports } from './write.js';
export { diffFails, diffReports, type DiffEntry, type ReportDiff } from './diff.js';
export { COMMENT_MARKER, diffCounts, diffJson, diffMarkdown, diffText } from './diff-render.js';
export { upsertComment, type CommentTarget } from './github-comment.js';
export { badgeJson, badgeOf, badgeSvg, type Badge } from './badge.js';
