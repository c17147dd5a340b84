import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../../scripts/kinfolio.mjs');

/** The environment `npm run kinfolio` (and `npm start`) gives the server's process. */
async function environmentOf(env: Record<string, string>) {
  const code = `import(${JSON.stringify(script)}).then((m) => console.log(JSON.stringify(m.serverEnvironment(${JSON.stringify(env)}))))`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code]);
  return JSON.parse(stdout) as Record<string, string>;
}

describe("the server process's environment", () => {
  it('limits malloc to two arenas (peak memory of pictures decoded on several threads)', async () => {
    expect(await environmentOf({ DATA_DIR: '/srv/kinfolio' })).toEqual({
      MALLOC_ARENA_MAX: '2',
      DATA_DIR: '/srv/kinfolio',
    });
  });

  it('keeps an arena count the operator set', async () => {
    expect((await environmentOf({ MALLOC_ARENA_MAX: '4' })).MALLOC_ARENA_MAX).toBe('4');
  });
});
