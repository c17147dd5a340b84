// node drive.mjs SOURCE LABEL [extra node args…]: fresh archive, migrate, import with probe.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
const [source, label, ...nodeArgs] = process.argv.slice(2);
const wt = '/work/wt-photomem';
const main = `${wt}/packages/server/src/main.ts`;
const data = `/tmp/photomem/archive-${label}`;
fs.rmSync(data, { recursive: true, force: true });
fs.mkdirSync(data, { recursive: true });
const env = { MALLOC_ARENA_MAX: '2', ...process.env, LOG_LEVEL: 'warn', DATA_DIR: data, PROBE_LOG: `/tmp/photomem/${label}.jsonl` };
fs.rmSync(env.PROBE_LOG, { force: true });
const opts = { cwd: `${wt}/packages/server`, env };
const m = spawnSync(process.execPath, ['--import', 'tsx', main, 'migrate'], { ...opts, stdio: 'inherit' });
if (m.status !== 0) process.exit(1);
const t = performance.now();
const child = spawn(process.execPath, [...nodeArgs, '--import', '/tmp/photomem/probe.mjs', '--import', 'tsx', main, 'import', source], { ...opts, stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
child.stdout.on('data', (c) => (out += c));
let peak = 0, ticks = 0;
const w = setInterval(() => { try {
  const s = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(s)[1]));
  const st = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
  ticks = Math.max(ticks, Number(f[11]) + Number(f[12]));
} catch {} }, 10);
child.on('exit', (code) => {
  clearInterval(w);
  const lines = fs.readFileSync(env.PROBE_LOG, 'utf8').trim().split('\n').map(JSON.parse);
  const last = lines.at(-1);
  const max = (k) => Math.max(...lines.map((l) => l[k]));
  console.log(JSON.stringify({ label, code, wall: Math.round((performance.now() - t) / 100) / 10, cpu: ticks / 100, hwm: Math.round(peak / 102.4) / 10,
    maxAnon: max('anon'), maxFile: max('file'), maxShm: max('shm'), maxHeapTotal: max('heapTotal'), maxHeapUsed: max('heapUsed'), maxExt: max('ext'), maxAb: max('ab'), maxVips: max('vipsMem'), maxThreads: max('threads'), last,
    summary: /Import \d+ (done|failed).*$/m.exec(out)?.[0] }));
  fs.rmSync(data, { recursive: true, force: true });
});
