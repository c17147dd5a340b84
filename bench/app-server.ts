import { spawn, type ChildProcess } from 'node:child_process';
import { routePath } from '@kinfolio/contract';

export interface AppServer {
  child: ChildProcess;
  port: number;
}

/**
 * Starts the app (`node <argv> serve`) on a random loopback port with `env` added, and waits until
 * it answers, for at most `waitMs`.
 */
export async function startAppServer(
  argv: string[],
  env: Record<string, string>,
  cwd: string,
  waitMs: number,
): Promise<AppServer> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [...argv, 'serve'], {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const end = Date.now() + waitMs; Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const up = await fetch(`http://127.0.0.1:${port}${routePath('appState')}`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return { child, port };
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** Stops the app and waits for its process to end. */
export function stopAppServer(server: AppServer): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}
