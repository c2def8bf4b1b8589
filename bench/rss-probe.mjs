// Preloaded into a measured process: prints its peak RSS (KiB) and its CPU time (µs, user + system) on exit, on stderr.
process.on('exit', () => {
  const u = process.resourceUsage();
  process.stderr.write(`\nBENCH_MAX_RSS_KB=${u.maxRSS}\nBENCH_CPU_US=${u.userCPUTime + u.systemCPUTime}\n`);
});
