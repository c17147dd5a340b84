/**
 * Writes src/route-index.ts: each route's method and path by name, without its schemas, so the
 * web app can call routes by name without loading zod and every schema at start. Run it after
 * changing the route table (`npm run routes -w @kinfolio/contract`); a test fails while the
 * index and the table disagree. Item routes are written once, as the shape of one type's set:
 * the index spreads them over ITEM_TYPES at run time, so a new item type needs no new index.
 */
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { ITEM_BASES, ITEM_TYPES } from '../src/schemas/item-constants.js';
import { itemRoutes } from '../src/item-routes.js';
import { routes } from '../src/routes.js';

const itemNames = new Set(
  ITEM_TYPES.flatMap((type) => Object.keys(itemRoutes[type]).map((name) => `${type}.${name}`)),
);
const entries = Object.entries(routes)
  .filter(([name]) => !itemNames.has(name))
  .map(
    ([name, def]) =>
      `  ${JSON.stringify(name)}: [${JSON.stringify(def.method)}, ${JSON.stringify(def.path)}],`,
  )
  .join('\n');

const sample = ITEM_TYPES[0];
const shapes = Object.entries(itemRoutes[sample])
  .map(([name, def]) => {
    if (!def.path.startsWith(ITEM_BASES[sample])) throw new Error(`${name}: not under its base`);
    const suffix = def.path.slice(ITEM_BASES[sample].length);
    return `  ${name}: [${JSON.stringify(def.method)}, ${JSON.stringify(suffix)}],`;
  })
  .join('\n');

const source = `// Written by scripts/write-route-index.ts from the route table: do not edit by hand.
import type { HttpMethod } from './route-def.js';
import { ITEM_BASES, ITEM_TYPES, type ItemType } from './schemas/item-constants.js';
import type { RouteName } from './routes.js';

/** The routes every item type has: method and path after the type's base. */
const ITEM_ROUTE_SHAPES = {
${shapes}
} as const;
type ItemRouteKey = \`\${ItemType}.\${keyof typeof ITEM_ROUTE_SHAPES}\`;

const itemRouteIndex = Object.fromEntries(
  ITEM_TYPES.flatMap((type) =>
    Object.entries(ITEM_ROUTE_SHAPES).map(([name, [method, suffix]]) => [
      \`\${type}.\${name}\`,
      [method, ITEM_BASES[type] + suffix],
    ]),
  ),
) as unknown as Record<ItemRouteKey, readonly [HttpMethod, string]>;

/** Each route's method and path, by name: what a client needs at run time to call it. */
export const routeIndex = {
${entries}
  ...itemRouteIndex,
} as const satisfies Record<RouteName, readonly [string, string]>;
`;
const target = path.join(import.meta.dirname, '../src/route-index.ts');
// Formatted as the repository's Prettier check wants it.
const options = { ...(await prettier.resolveConfig(target)), filepath: target };
fs.writeFileSync(target, await prettier.format(source, options));
