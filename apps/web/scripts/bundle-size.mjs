// Sums the gzip size of the JS a first visit to a page downloads: the entry and the chunks
// index.html preloads, plus (optionally) the lazy chunks a route needs and their static imports.
// Usage: node apps/web/scripts/bundle-size.mjs [chunk-name-prefix ...]   (after `vite build`)
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);

const gz = (file) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
/** A chunk plus everything it imports statically (dynamic import() calls are not followed). */
function closure(files) {
  const seen = new Set();
  const stack = [...files];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    const src = readFileSync(join(assets, f), 'utf8');
    for (const m of src.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) stack.push(m[1]);
  }
  return seen;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const initialSet = closure(initial);
const initialBytes = [...initialSet].reduce((s, f) => s + gz(f), 0);
console.log(`index.html initial JS (entry + modulepreload): ${initialSet.size} files, ${kb(initialBytes)} gzip`);

const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
for (const prefix of process.argv.slice(2)) {
  const roots = prefix.split('+').map((p) => all.find((f) => f.startsWith(`${p}-`))).filter(Boolean);
  const set = closure([...initialSet, ...roots]);
  const bytes = [...set].reduce((s, f) => s + gz(f), 0);
  console.log(`${prefix}: ${set.size} files, ${kb(bytes)} gzip (initial + route chunks)`);
}
