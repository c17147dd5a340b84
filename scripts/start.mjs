// `npm start`: builds the web app when there is no build (or it is older than its sources), then
// runs the server, which applies migrations itself.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'packages/web/dist/index.html');
const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/contract/src',
];

function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce(
      (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
      stat.mtimeMs,
    );
}

const builtAt = fs.statSync(dist, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...sources.map((s) => newestChange(path.join(root, s))));
if (!process.env.WEB_DIST && builtAt < changedAt) {
  console.log(builtAt ? 'Web sources changed: rebuilding the web app…' : 'Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@kinfolio/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(root, 'packages/server/src/main.ts'),
    'serve',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
