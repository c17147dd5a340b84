import type { Plugin } from 'vite';

const USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** What Mantine's useId does that this plugin removes: a fresh id set in a layout effect. */
const RANDOM_ID_IN_EFFECT = 'setUuid(randomId())';

/**
 * Mantine's `useId` gives each component React's id, then a random one from a layout effect once
 * mounted (so that server-rendered markup and the browser agree). Every Mantine input, menu,
 * popover, tooltip, switch and pager therefore renders twice when it appears: on a list page, a
 * second render of some 90 components in the first page's longest task. This app renders in the
 * browser only, where React's id is unique and stable already: the module is replaced by that id
 * alone, with the same `mantine-` prefix. If Mantine's module changes, the build stops here, so the
 * replacement is looked at again rather than applied blindly. (The dev server's prebundled Mantine
 * keeps its own; only the built app, the one people load, needs the saving.)
 */
export const mantineUseIdWithoutEffect: Plugin = {
  name: 'kinfolio-mantine-use-id-without-effect',
  enforce: 'pre',
  transform(code, id) {
    if (!USE_ID_MODULE.test(id)) return null;
    if (!code.includes(RANDOM_ID_IN_EFFECT)) {
      throw new Error(
        `${id} no longer reads as expected (${RANDOM_ID_IN_EFFECT}): review this plugin`,
      );
    }
    return {
      code: [
        'import { useId as useReactId } from "react";',
        'function useId(staticId) {',
        '  const reactId = useReactId();',
        '  if (typeof staticId === "string") return staticId;',
        // React's ids hold characters (":", "«", "_") that some CSS selectors would need escaped.
        '  return `mantine-${reactId.replace(/[^a-zA-Z0-9-]/g, "")}`;',
        '}',
        'export { useId };',
      ].join('\n'),
      map: null,
    };
  },
};
