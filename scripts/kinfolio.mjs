// `npm run kinfolio -- <command>`: the server's command line (serve, worker, migrate, create-admin,
// seed-demo) from the compiled server, built first when there is no build or its sources changed.
// Runs as a child process so that `ps` shows `node …/packages/server/dist/main.js`; signals are
// passed on and its exit code is ours.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureServerBuild, serverEntry } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server's environment: `env` with `MALLOC_ARENA_MAX=2` unless it sets one. glibc gives each
 * thread that allocates an arena of its own, up to eight per core, and libvips decodes pictures
 * on several threads: an import of 10,000 photos peaked at 484 MB against 338 MB at 1,000 with the
 * same heap, 280 MB at 1,000 with two arenas, at the same CPU time. glibc reads it at start, so it
 * is set for the child, not in it.
 */
export function serverEnvironment(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}

/** Runs the compiled server from the repository root (where `./data` is by default). */
export async function runServer(args) {
  await ensureServerBuild();
  const server = spawn(process.execPath, ['--enable-source-maps', serverEntry, ...args], {
    cwd: root,
    env: serverEnvironment(),
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runServer(process.argv.slice(2));
}
