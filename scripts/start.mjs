// `npm start`: builds the web app and the server when there is no build (or it is older than its
// sources), then runs the compiled server with node; it applies migrations itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestChange } from './build-server.mjs';
import { runServer } from './kinfolio.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'packages/web/dist/index.html');
const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/contract/src',
];

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

await runServer(['serve', ...process.argv.slice(2)]);
