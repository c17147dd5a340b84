// Builds the server to JavaScript: packages/server/src/main.ts and the contract's TypeScript
// (a workspace package published as source) into one ESM file, packages/server/dist/main.js, run
// with plain `node`. Every other package stays an import resolved from node_modules at run time:
// native modules (better-sqlite3, sharp, @node-rs/argon2) cannot be bundled, and the rest need
// not be. `node scripts/build-server.mjs` builds; `--if-changed` only when the sources changed;
// `--outfile <path>` elsewhere (the build test; keep it under the repository so that node finds
// the packages).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'packages/server');
export const serverEntry = path.join(serverDir, 'dist/main.js');
const sources = [
  'packages/server/src',
  'packages/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'scripts/build-server.mjs',
];

/** The latest modification under `target` (a file or a folder), 0 when it does not exist. */
export function newestChange(target) {
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

/** Whether dist/main.js exists and is newer than every source it is built from. */
export function serverBuildIsCurrent() {
  const builtAt = fs.statSync(serverEntry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  return builtAt >= changedAt;
}

// The contract is bundled in (its package.json exports TypeScript); all other bare imports are
// left to node.
const contractInside = {
  name: 'contract-inside',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^@kinfolio\/contract$/ }, () => ({
      path: path.join(root, 'packages/contract/src/index.ts'),
    }));
  },
};

export async function buildServer(outfile = serverEntry) {
  const started = Date.now();
  const result = await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    plugins: [contractInside],
    sourcemap: true,
    // Written below, each file replaced at once: a server starting meanwhile never reads half.
    write: false,
    logLevel: 'warning',
    tsconfig: path.join(serverDir, 'tsconfig.json'),
  });
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  // The map first: when main.js is renamed into place the build is complete.
  const files = [...result.outputFiles].sort((a, b) => b.path.localeCompare(a.path));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  console.log(`Server built to ${path.relative(root, serverEntry)} in ${Date.now() - started} ms.`);
}

/** Builds the server unless its build is current (as `npm start` does for the web app). */
export async function ensureServerBuild() {
  if (serverBuildIsCurrent()) return;
  const built = fs.existsSync(serverEntry);
  console.log(built ? 'Server sources changed: rebuilding the server…' : 'Building the server…');
  await buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--outfile');
  if (at > 0) {
    const outfile = process.argv[at + 1];
    if (!outfile?.endsWith('.js')) throw new Error('--outfile needs the path of a .js file');
    await buildServer(path.resolve(outfile));
  } else if (process.argv.includes('--if-changed')) await ensureServerBuild();
  else await buildServer();
}
