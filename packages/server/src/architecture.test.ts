import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from './test/database.js';

// The repository root, where eslint.config.js keeps the architecture's rules.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

let eslint: ESLint;

/** The rules broken by `code` if it were the file at `path` (from the repository root). */
async function brokenRules(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${path}` });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

// Lint does not depend on the database: one run (SQLite's) is enough.
describe.skipIf(testDialect() !== 'sqlite')('lint keeps the architecture', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it('lets a server module reach another only through its index.ts', async () => {
    // The file need not exist: lintText lints the snippet as if it were that file.
    const file = 'packages/server/src/modules/files/fixture.ts';
    expect(await brokenRules("export { updateItem } from '../items/service.js';\n", file)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(
      await brokenRules("export { registerItemRoutes } from '../items/index.js';\n", file),
    ).toEqual([]);
    expect(
      await brokenRules(
        "export { usersRepository } from './modules/users/repository.js';\n",
        'packages/server/src/fixture.ts',
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('keeps the file system out of server modules: their bytes go through the storage', async () => {
    for (const name of ['node:fs', 'fs', 'node:fs/promises', 'fs/promises']) {
      const code = `import fs from '${name}';\nexport const f = fs;\n`;
      expect(
        await brokenRules(code, 'packages/server/src/modules/exports/fixture.ts'),
        name,
      ).toEqual(['no-restricted-imports']);
    }
    const code = "import fs from 'node:fs';\nexport const f = fs;\n";
    // The local storage, the CLI's own file arguments, and tests setting up folders may.
    for (const file of [
      'packages/server/src/storage/fixture.ts',
      'packages/server/src/main.ts',
      'packages/server/src/modules/exports/fixture.test.ts',
    ]) {
      expect(await brokenRules(code, file), file).toEqual([]);
    }
  });

  it('refuses an import cycle', async () => {
    // users/index.ts re-exports the routes, which read the repository: importing the index from
    // the repository closes a cycle.
    const code = "export { registerUserRoutes } from './index.js';\n";
    expect(await brokenRules(code, 'packages/server/src/modules/users/repository.ts')).toContain(
      'import-x/no-cycle',
    );
  });

  it('keeps web features apart and shared below them', async () => {
    // Relative paths: under Vitest the TypeScript resolver does not map the `@/` alias (the CLI
    // does, and so refuses `@/features/archive/api` from another feature as well).
    const feature = 'packages/web/src/features/admin/queries.ts';
    expect(await brokenRules("export { itemsQuery } from '../archive/api';\n", feature)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(
      await brokenRules(
        "export { Navbar } from '../app/layouts/Navbar';\n",
        // A file no module imports: linting a real one's place (shared/navigation.ts, which the
        // menu reaches through the API client) would also close an import cycle.
        'packages/web/src/shared/fixture.ts',
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses literal interface text in JSX, not punctuation or addresses', async () => {
    const file = 'packages/web/src/features/archive/Fixture.tsx';
    expect(await brokenRules('export const A = () => <p>Hello</p>;\n', file)).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await brokenRules("export const A = () => <p>{'Héllo'}</p>;\n", file)).toEqual([
      'no-restricted-syntax',
    ]);
    expect(
      await brokenRules('export const A = () => <input placeholder="Name" />;\n', file),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await brokenRules(
        'export const A = () => <p title="https://example.org">{"—"} · 42 %</p>;\n',
        file,
      ),
    ).toEqual([]);
  });
});
