// Preloaded by the benchmark (NODE_OPTIONS="--require …/max-rss.cjs"), so every Node process of
// a measured command, children included, appends its peak resident memory in KiB to the file
// MAX_RSS_FILE names (scripts/lib/bench-peers.ts takes the largest). VmHWM of /proc/self/status,
// not process.resourceUsage().maxRSS: Linux carries the latter over from the parent through fork
// and exec, so every child would report at least the benchmark's own peak.
'use strict';
const file = process.env.MAX_RSS_FILE;
if (file) {
  process.on('exit', () => {
    const fs = require('node:fs');
    const peak = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '0';
    fs.appendFileSync(file, `${peak}\n`);
  });
}
