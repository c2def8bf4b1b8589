// Preloaded into a measured process: prints its peak RSS (KiB) on exit, on stderr.
process.on('exit', () => process.stderr.write(`\nBENCH_MAX_RSS_KB=${process.resourceUsage().maxRSS}\n`));
