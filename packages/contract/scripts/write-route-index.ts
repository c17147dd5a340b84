/**
 * Writes src/route-index.ts: each route's method and path by name, without its schemas, so the
 * web app can call routes by name without loading zod and every schema at start. Run it after
 * changing the route table (`npm run routes -w @kinfolio/contract`); a test fails while the
 * index and the table disagree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { routes } from '../src/routes.js';

const entries = Object.entries(routes)
  .map(
    ([name, def]) =>
      `  ${JSON.stringify(name)}: [${JSON.stringify(def.method)}, ${JSON.stringify(def.path)}],`,
  )
  .join('\n');

const source = `// Written by scripts/write-route-index.ts from the route table: do not edit by hand.
import type { RouteName } from './routes.js';

/** Each route's method and path, by name: what a client needs at run time to call it. */
export const routeIndex = {
${entries}
} as const satisfies Record<RouteName, readonly [string, string]>;
`;
fs.writeFileSync(path.join(import.meta.dirname, '../src/route-index.ts'), source);
