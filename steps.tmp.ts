import { build } from '/work/main/build/build.ts';
const t0 = performance.now();
const r = await build({ outDir: '/tmp/d3', quiet: true });
console.log(JSON.stringify(r.steps), r.pages, ((performance.now()-t0)/1000).toFixed(2), (process.memoryUsage().rss/2**20).toFixed(0));
