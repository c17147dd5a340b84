import { describe, expect, it } from 'vitest';
import { routeIndex } from './route-index.js';
import { routes } from './routes.js';

describe('the route index', () => {
  it('names every route of the table with its method and path (npm run routes writes it)', () => {
    const fromTable = Object.fromEntries(
      Object.entries(routes).map(([name, def]) => [name, [def.method, def.path]]),
    );
    expect(routeIndex).toEqual(fromTable);
  });
});
