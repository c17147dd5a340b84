// Writes the world outline the map draws under its points when tiles are off or unreachable
// (packages/web/src/shared/places/map/worldOutline.json). Its source is the country shapes
// `which-country` bundles (Natural Earth at 1:110m, MIT package); the server's country lookup
// uses the finer 1:50m shapes, which a world view does not need. Coordinates are rounded to
// 0.05° and points closer than that dropped: a country-level outline, ~100 KB, loaded only with
// the map's code.
//
//   node scripts/world-outline.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'packages/server/package.json'));
const tree = JSON.parse(readFileSync(require.resolve('which-country/data.json'), 'utf8'));
const out = path.join(root, 'packages/web/src/shared/places/map/worldOutline.json');

const STEP = 0.05;
const round = (value) => Math.round(value / STEP) * STEP;
const fixed = (value) => Number(round(value).toFixed(2));

function leaves(node, found = []) {
  if (node.country) found.push(node);
  else for (const child of node.children ?? []) leaves(child, found);
  return found;
}

/** A ring with its near points merged; too small to see at world scale → dropped. */
function simplify(ring) {
  const kept = [];
  for (const [lng, lat] of ring) {
    const point = [fixed(lng), fixed(lat)];
    const last = kept.at(-1);
    if (!last || last[0] !== point[0] || last[1] !== point[1]) kept.push(point);
  }
  return kept.length >= 4 ? kept : null;
}

const features = leaves(tree).flatMap((leaf) => {
  const rings = leaf.coordinates.map(simplify).filter((ring) => ring !== null);
  if (rings.length === 0) return [];
  return [
    {
      type: 'Feature',
      properties: { country: leaf.country },
      geometry: { type: 'Polygon', coordinates: rings },
    },
  ];
});

writeFileSync(out, JSON.stringify({ type: 'FeatureCollection', features }));
console.log(
  `${features.length} shapes, ${readFileSync(out).length} bytes → ${path.relative(root, out)}`,
);
