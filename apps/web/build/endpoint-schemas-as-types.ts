import MagicString from 'magic-string';
import type { Plugin } from 'vite';

// docs/engineering.md "One contract": the web calls endpoints through their descriptors in
// packages/contracts, but it needs only their method, path and upload/download shape at run time;
// their zod schemas are for types. In the browser build this drops the schemas (and the summaries) of every
// `defineEndpoint({...})` in contracts' *.endpoints.ts files, so the schemas (and zod with them)
// stay out of the chunks that call endpoints (the login page would otherwise carry ~26 KB of zod).
// Endpoint files therefore keep their zod calls inside the descriptors, never at the top level.

const ENDPOINT_FILE = /packages[\\/]contracts[\\/]src[\\/][^\\/]+\.endpoints\.ts$/;
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'reply']);
/** Documentation and server-side facts the client never reads. */
const SERVER_ONLY_KEYS = new Set(['summary', 'description', 'errors', 'rateLimit']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function visit(node: unknown, fn: (n: Node) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) visit(child, fn);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string') fn(n);
  for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') visit(value, fn);
}

export function endpointSchemasAsTypes(): Plugin {
  return {
    name: 'exship:endpoint-schemas-as-types',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!ENDPOINT_FILE.test(id)) return null;
      const s = new MagicString(code);
      let descriptors = 0;
      visit(this.parse(code), (n) => {
        const callee = n.callee as Node | undefined;
        if (n.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'defineEndpoint') return;
        const arg = (n.arguments as Node[])[0];
        if (arg?.type !== 'ObjectExpression') return;
        descriptors++;
        for (const prop of arg.properties as Node[]) {
          const key = prop.key as Node | undefined;
          const value = prop.value as Node | undefined;
          if (prop.type !== 'Property' || key?.type !== 'Identifier' || !value) continue;
          // `{ summary }` (a descriptor built by a helper): key and value are one node; keep the key.
          const dropped = prop.shorthand ? `${key.name as string}: void 0` : 'void 0';
          if (SERVER_ONLY_KEYS.has(key.name as string)) {
            s.overwrite(value.start, value.end, dropped);
            continue;
          }
          if (!SCHEMA_KEYS.has(key.name as string)) continue;
          // A file reply `{ binary, description }` is data the client needs, not a schema.
          if (value.type === 'ObjectExpression') continue;
          s.overwrite(value.start, value.end, dropped);
        }
      });
      if (descriptors === 0) return null;
      const out = s.toString();
      // A zod call left outside a descriptor would pull zod into every chunk that calls an endpoint.
      const left = /\bz\.[A-Za-z]+\(/.exec(out);
      if (left) this.error(`${id}: move \`${left[0]}…\` into the endpoint descriptor (the web build keeps no schemas)`);
      return { code: out, map: s.generateMap({ hires: true }) };
    },
  };
}
