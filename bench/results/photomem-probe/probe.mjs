// Preloaded into the import process (--import): logs memory every 2 s to PROBE_LOG, and
// applies PROBE_SHARP_CACHE / PROBE_SHARP_CONC to sharp before the server loads it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
const require = createRequire('/work/wt-photomem/packages/server/src/main.ts');
const sharp = require('sharp');
if (process.env.PROBE_SHARP_CACHE !== undefined) {
  const v = process.env.PROBE_SHARP_CACHE;
  if (v === '0') sharp.cache(false);
  else { const [memory, files, items] = v.split(',').map(Number); sharp.cache({ memory, files, items }); }
}
if (process.env.PROBE_SHARP_CONC) sharp.concurrency(Number(process.env.PROBE_SHARP_CONC));
const log = process.env.PROBE_LOG;
const t0 = Date.now();
function apply() {
  if (process.env.PROBE_SHARP_CACHE === '0') sharp.cache(false);
  if (process.env.PROBE_SHARP_CONC) sharp.concurrency(Number(process.env.PROBE_SHARP_CONC));
}
function sample() {
  apply();
  const s = fs.readFileSync('/proc/self/status', 'utf8');
  const f = (k) => Math.round(Number(new RegExp(k + ':\\s+(\\d+)').exec(s)?.[1] ?? 0) / 1024);
  const m = process.memoryUsage();
  const hs = v8.getHeapStatistics();
  const c = sharp.cache();
  const line = {
    t: Math.round((Date.now() - t0) / 1000),
    hwm: f('VmHWM'), anon: f('RssAnon'), file: f('RssFile'), shm: f('RssShmem'),
    heapTotal: Math.round(m.heapTotal / 1048576), heapUsed: Math.round(m.heapUsed / 1048576),
    ext: Math.round(m.external / 1048576), ab: Math.round(m.arrayBuffers / 1048576),
    malloced: Math.round(hs.malloced_memory / 1048576),
    vipsMem: c.memory.current, vipsMax: c.memory.max, vipsItems: c.items.current, vipsFiles: c.files.current,
    threads: Number(/Threads:\s+(\d+)/.exec(s)?.[1]),
    conc: sharp.concurrency(), ...sharp.counters(),
  };
  if (log) fs.appendFileSync(log, JSON.stringify(line) + '\n');
}
const early = setInterval(apply, 100);
early.unref();
setTimeout(() => clearInterval(early), 10000).unref();
const timer = setInterval(sample, 2000);
timer.unref();
process.on('exit', sample);
