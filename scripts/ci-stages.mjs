// Prints the commands that `npm test` runs, one per line, in order, so that CI (.ci/run) can run
// and time them one by one and still run exactly the README's test command: package.json's `test`
// script split at `&&`, each `npm run <script>` that is itself a chain of `&&` replaced by its
// parts, recursively. Commands run from the repository's root with node_modules/.bin on PATH,
// as npm runs scripts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

function expand(command) {
  const parts = command.split('&&').map((part) => part.trim());
  if (parts.length > 1) return parts.flatMap(expand);
  const named = /^npm run ([\w:-]+)$/.exec(command);
  // A script with pre/post hooks stays whole: npm runs the hooks around it.
  const hooked = named && (scripts[`pre${named[1]}`] || scripts[`post${named[1]}`]);
  if (named && !hooked && scripts[named[1]]?.includes('&&')) return expand(scripts[named[1]]);
  return [command];
}

if (scripts.pretest || scripts.posttest) throw new Error('.ci/run does not run pretest/posttest');
console.log(expand(scripts.test).join('\n'));
