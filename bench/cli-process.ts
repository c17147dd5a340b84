import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const main = path.join(root, 'packages/server/src/main.ts');

/** Kilobytes as megabytes with one decimal. */
export const megabytes = (kilobytes: number) => Math.round(kilobytes / 102.4) / 10;

/**
 * Runs `kinfolio ARGS` (through tsx, as the bench runs the server) with `env`, reading the
 * child's peak resident memory (VmHWM, which only grows) from /proc until it ends.
 */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string; peakKb: number; seconds: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
    cwd: path.join(root, 'packages/server'),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let peakKb = 0;
  const watch = setInterval(() => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
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
      } else resolve({ stdout, peakKb, seconds: (performance.now() - started) / 1000 });
    });
  });
}
