// The JavaScript a first visit must download before the app can render anything: the entry
// script of the built index.html, the chunks it names as modulepreload, and every chunk those
// import statically (the browser fetches them before running the entry, whether preloaded or
// not). Lazily imported chunks (pages, layouts) are not counted: they load beside the first page.
//
//   node scripts/initial-js-size.mjs [dist]              total gzip -9 size, chunk by chunk
//   node scripts/initial-js-size.mjs [dist] --budget 150  exits 1 above 150 KB gzipped; the web
//                                                          package's `npm run build` runs this, so
//                                                          the entry cannot grow unnoticed
//   node scripts/initial-js-size.mjs --modules [--top 40] builds the web app into a temporary folder
//                                                          and attributes the initial chunks' bytes
//                                                          to packages and source files
//
// KB here is 1,000 bytes, as browsers' network panels and Lighthouse count.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'packages/web');

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const flag = (name) => {
  const at = args.indexOf(name);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
};

const budgetKb = option('--budget');
const top = Number(option('--top') ?? 30);
const attribute = flag('--modules');

/** Same compression as the build's .gz copies (vite.config.ts precompress), which the server sends. */
const gzipSize = (bytes) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
const kb = (bytes) => (bytes / 1000).toFixed(1);

/** `/assets/x.js` → the file in dist. */
const inDist = (dist, url) => path.join(dist, url.replace(/^\//, ''));

/** Static imports of a built chunk: `import"./x.js"` and `…from"./x.js"`, never `import("./x.js")`. */
function staticImports(code) {
  const found = [];
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.push(match[1]);
  }
  return found;
}

/** The initial chunks of a build: [{ file (relative to dist), raw, gzip }], entry first. */
export function initialChunks(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const queue = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const text = tag[0];
    const isModule = tag[1] === 'script' && /type=["']module["']/.test(text);
    const isPreload = tag[1] === 'link' && /rel=["']modulepreload["']/.test(text);
    const url = /(?:src|href)=["']([^"']+)["']/.exec(text)?.[1];
    if ((isModule || isPreload) && url && !/^[a-z]+:/i.test(url)) queue.push(inDist(dist, url));
  }
  if (queue.length === 0) throw new Error(`No module script in ${path.join(dist, 'index.html')}`);
  const seen = new Set();
  const chunks = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const bytes = readFileSync(file);
    chunks.push({ file: path.relative(dist, file), raw: bytes.length, gzip: gzipSize(bytes) });
    for (const spec of staticImports(bytes.toString('utf8'))) {
      queue.push(path.resolve(path.dirname(file), spec));
    }
  }
  return chunks;
}

function report(dist) {
  const chunks = initialChunks(dist);
  const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const raw = chunks.reduce((sum, chunk) => sum + chunk.raw, 0);
  console.log(`Initial JavaScript of ${path.relative(process.cwd(), dist) || '.'}:`);
  for (const chunk of chunks) {
    console.log(
      `  ${kb(chunk.gzip).padStart(7)} KB gzip  ${kb(chunk.raw).padStart(7)} KB  ${chunk.file}`,
    );
  }
  console.log(
    `  ${kb(total).padStart(7)} KB gzip  ${kb(raw).padStart(7)} KB  total (${chunks.length} file(s))`,
  );
  return { chunks, total };
}

/** The package a source (an absolute path) belongs to (`@mantine/core`), or its path in the repository. */
function owner(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return path.relative(root, source);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's segments: [generated line, generated column, source index] (VLQ decoding). */
function segments(mappings) {
  const out = [];
  let source = 0;
  mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      out.push([lineIndex, column, fields.length > 1 ? source : -1]);
    }
  });
  return out;
}

/**
 * For each package (or source file of the repository) in a chunk: its minified bytes, read from
 * the chunk's source map, and what it adds to the gzipped chunk (the chunk gzipped with its bytes
 * blanked out, subtracted from the whole; shared context makes these add up to less than the total).
 */
function attributeChunk(file) {
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const lineStarts = [0];
  for (const line of code.split('\n')) lineStarts.push(lineStarts.at(-1) + line.length + 1);
  const spans = new Map();
  const list = segments(map.mappings);
  list.forEach(([line, column, source], at) => {
    const next = list[at + 1];
    const start = lineStarts[line] + column;
    const end = next && next[0] === line ? lineStarts[line] + next[1] : lineStarts[line + 1] - 1;
    const name =
      source < 0
        ? '(generated)'
        : owner(path.resolve(path.dirname(file), map.sources[source] ?? ''));
    if (!spans.has(name)) spans.set(name, []);
    spans.get(name).push([start, end]);
  });
  const whole = gzipSize(Buffer.from(code));
  return [...spans].map(([name, ranges]) => {
    const blanked = Buffer.from(code);
    let raw = 0;
    for (const [start, end] of ranges) {
      blanked.fill(0x20, start, end);
      raw += end - start;
    }
    return { name, raw, gzip: whole - gzipSize(blanked) };
  });
}

/** Builds the app (its own vite.config.ts, with source maps) into a temporary folder and attributes it. */
async function attributeModules() {
  // The web package's own Vite (the root's may be another major, chunking differently).
  const vite = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
  const { build } = await import(
    pathToFileURL(path.join(path.dirname(vite), 'dist/node/index.js')).href
  );
  const outDir = mkdtempSync(path.join(tmpdir(), 'kinfolio-initial-js-'));
  try {
    await build({
      root: webDir,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, sourcemap: true },
    });
    const { chunks } = report(outDir);
    const rows = chunks.flatMap((chunk) => attributeChunk(path.join(outDir, chunk.file)));
    const byPackage = new Map();
    for (const row of rows) {
      const key = row.name.startsWith('packages/')
        ? row.name.split('/').slice(0, 2).join('/')
        : row.name;
      const sum = byPackage.get(key) ?? { name: key, raw: 0, gzip: 0 };
      sum.raw += row.raw;
      sum.gzip += row.gzip;
      byPackage.set(key, sum);
    }
    const print = (title, list) => {
      console.log(`\n${title} (KB the gzipped chunk loses without it; minified KB):`);
      for (const row of list.sort((a, b) => b.gzip - a.gzip).slice(0, top)) {
        console.log(
          `  ${kb(row.gzip).padStart(7)} KB gzip  ${kb(row.raw).padStart(7)} KB  ${row.name}`,
        );
      }
    };
    print('By package', [...byPackage.values()]);
    print(
      'Files of this repository',
      rows.filter((row) => row.name.startsWith('packages/')),
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (attribute) {
  await attributeModules();
} else {
  const dist = path.resolve(args[0] ?? path.join(webDir, 'dist'));
  const { total } = report(dist);
  if (budgetKb !== undefined) {
    const budget = Number(budgetKb) * 1000;
    if (!(total <= budget)) {
      console.error(
        `\nInitial JavaScript is ${kb(total)} KB gzipped, over the budget of ${budgetKb} KB ` +
          `(scripts/initial-js-size.mjs). Load what the first screen does not need lazily ` +
          `(React.lazy, import()); \`node scripts/initial-js-size.mjs --modules\` shows what is in it.`,
      );
      process.exit(1);
    }
    console.log(`  within the budget of ${budgetKb} KB`);
  }
}
