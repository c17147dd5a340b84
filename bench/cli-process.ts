import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const main = path.join(root, 'packages/server/src/main.ts');

/** Kilobytes as megabytes with one decimal. */
export const megabytes = (kilobytes: number) => Math.round(kilobytes / 102.4) / 10;

/** Clock ticks per second of /proc/PID/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Runs `kinfolio ARGS` (through tsx, as the bench runs the server) with `env`, reading the
 * child's peak resident memory (VmHWM, which only grows), the largest anonymous and file-backed
 * parts of it seen (RssAnon: V8's heap and native allocations such as libvips'; RssFile: mapped
 * code and files) and its CPU time (user and system, the figure a loaded machine changes least;
 * read every 10 ms, so its last few are lost) from /proc until it ends.
 */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  /** Options of node itself (`--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs: string[] = [],
): Promise<{
  stdout: string;
  peakKb: number;
  peakAnonKb: number;
  peakFileKb: number;
  seconds: number;
  cpuSeconds: number;
}> {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', main, ...args], {
    cwd: path.join(root, 'packages/server'),
    // As `npm run kinfolio` runs it (scripts/kinfolio.mjs): two malloc arenas, unless set.
    env: { MALLOC_ARENA_MAX: '2', ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let peakKb = 0;
  let peakAnonKb = 0;
  let peakFileKb = 0;
  let ticks = 0;
  const watch = setInterval(() => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      peakAnonKb = Math.max(peakAnonKb, Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0));
      peakFileKb = Math.max(peakFileKb, Number(/RssFile:\s+(\d+)/.exec(status)?.[1] ?? 0));
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks = Math.max(ticks, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process has ended between two reads.
    }
  }, 10);
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      clearInterval(watch);
      if (code !== 0) {
        reject(
          new Error(`kinfolio ${args.join(' ')} exited with ${code}:\n${stdout.slice(-2000)}`),
        );
      } else {
        resolve({
          stdout,
          peakKb,
          peakAnonKb,
          peakFileKb,
          seconds: (performance.now() - started) / 1000,
          cpuSeconds: ticks / TICKS_PER_SECOND,
        });
      }
    });
  });
}
