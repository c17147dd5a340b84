import { createHash, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * One id per build (new build detection): a hash of the moment and a random value, so
 * two builds of the same sources still differ (their chunks and the worker may not).
 */
export function newBuildId(now: number = Date.now()): string {
  return createHash('sha256').update(`${now}:${randomUUID()}`).digest('hex').slice(0, 16);
}

/**
 * Writes `builds/latest.json` ({ id, timestamp }) and `builds/meta/{id}.json` (the manifest of this
 * build: { id, timestamp, prerendered }) into the output; the app compiled with the same id polls
 * the first and reads the second (src/shared/build). Nothing is prerendered, hence the empty list.
 */
export function buildManifest(id: string, timestamp: number = Date.now()): Plugin {
  let outDir = '';
  return {
    name: 'kinfolio-build-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const dir = path.join(outDir, 'builds');
        await mkdir(path.join(dir, 'meta'), { recursive: true });
        await writeFile(
          path.join(dir, 'meta', `${id}.json`),
          JSON.stringify({ id, timestamp, prerendered: [] }),
        );
        await writeFile(path.join(dir, 'latest.json'), JSON.stringify({ id, timestamp }));
      },
    },
  };
}
