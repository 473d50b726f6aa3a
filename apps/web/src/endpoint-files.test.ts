import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { endpointSchemasAsTypes } from '../build/endpoint-schemas-as-types';

// The browser build refuses an endpoint file with a zod call outside its descriptors; this runs the
// same transform on every contracts/*.endpoints.ts so the unit suite says so before a build does.
const CONTRACTS = join(__dirname, '../../../packages/contracts/src');

function transform(code: string, id: string): { code: string } | null {
  const plugin = endpointSchemasAsTypes();
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const context = {
    parse: (source: string) => parseAst(source, { lang: 'ts' }),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return hook.call(context, code, id);
}

describe('endpoint files in the browser build', () => {
  const files = readdirSync(CONTRACTS).filter((f) => f.endsWith('.endpoints.ts'));

  it('finds the endpoint files', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('%s keeps every zod call inside a descriptor', (file) => {
    const id = join(CONTRACTS, file);
    const out = transform(readFileSync(id, 'utf8'), id);
    expect(out?.code ?? '').not.toMatch(/\bz\.[A-Za-z]+\(/);
  });

  it('refuses a schema built at the top level of an endpoint file', () => {
    const id = join(CONTRACTS, 'made-up.endpoints.ts');
    const code = "const params = z.object({ id: z.string() });\nexport const E = defineEndpoint({ method: 'GET', path: '/x', params });\n";
    expect(() => transform(code, id)).toThrow(/move `z\.object\(…` into the endpoint descriptor/);
  });
});
