import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from './modules';

// Each module's `needs` (its defineModule declaration) names exactly the modules its files import:
// no undeclared dependency, none declared and unused. Type-only imports count too: `import type`
// is still a dependency of the module's shape, and counting it keeps the graph one acyclic list.
// Test files are left out (a test may start other modules). A second check: no source file over
// MAX_LINES lines.

const SRC = import.meta.dirname;
const MODULES_DIR = path.join(SRC, 'modules');
const MAX_LINES = 600;

interface SourceFile {
  /** Absolute path. */
  file: string;
  source: string;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** The other modules a module's files import (relative specifiers resolved, whatever the folder depth). */
export function importedModules(moduleName: string, files: readonly SourceFile[]): string[] {
  const found = new Set<string>();
  for (const { file, source } of files) {
    if (isTest(file)) continue;
    for (const m of source.matchAll(SPECIFIER)) {
      const spec = m[1]!;
      if (!spec.startsWith('.')) continue;
      const rel = path.relative(MODULES_DIR, path.resolve(path.dirname(file), spec));
      if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
      const target = rel.split(path.sep)[0]!;
      if (target && target !== moduleName) found.add(target);
    }
  }
  return [...found].sort();
}

/** What the declaration misses and what it declares without an import. */
export function needsMismatch(moduleName: string, files: readonly SourceFile[], declared: readonly string[]) {
  const imported = importedModules(moduleName, files);
  return {
    undeclared: imported.filter((m) => !declared.includes(m)),
    unused: declared.filter((m) => !imported.includes(m)).sort(),
  };
}

const moduleFiles = (name: string): SourceFile[] => walk(path.join(MODULES_DIR, name)).map((file) => ({ file, source: fs.readFileSync(file, 'utf8') }));
const folders = fs.readdirSync(MODULES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

describe("each module's needs are exactly the modules it imports", () => {
  it('every module folder has one declaration in modules.ts', () => {
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders);
  });

  it.each(folders)('%s', (name) => {
    const declaration = MODULES.find((m) => m.name === name)!;
    const declared = (declaration.needs ?? []).map((m) => m.name);
    expect(needsMismatch(name, moduleFiles(name), declared)).toEqual({ undeclared: [], unused: [] });
  });

  it('the checker reports an undeclared import and an unused declaration (probe)', () => {
    const fixture = (rel: string, source: string): SourceFile => ({ file: path.join(MODULES_DIR, rel), source });
    const files = [
      fixture('products/products.fixture.ts', "import { findUserById } from '../users';\nimport type { OrderService } from '../orders';\nimport { x } from './products.repository';"),
      fixture('products/sub/deep.ts', "export { billedOrders } from '../../billing';"),
      fixture('products/products.fixture.test.ts', "import { creditWallet } from '../wallet';"),
    ];
    expect(needsMismatch('products', files, ['users', 'catalog'])).toEqual({ undeclared: ['billing', 'orders'], unused: ['catalog'] });
    expect(needsMismatch('products', files, ['billing', 'orders', 'users'])).toEqual({ undeclared: [], unused: [] });
  });
});

describe(`no server source file is over ${MAX_LINES} lines`, () => {
  const tooLong = (files: readonly SourceFile[]) =>
    files
      .filter((f) => !isTest(f.file) && !f.file.startsWith(path.join(SRC, 'test') + path.sep))
      .map((f) => ({ file: path.relative(SRC, f.file), lines: f.source.split('\n').length - (f.source.endsWith('\n') ? 1 : 0) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);

  it('apps/server/src (tests aside)', () => {
    expect(tooLong(walk(SRC).map((file) => ({ file, source: fs.readFileSync(file, 'utf8') })))).toEqual([]);
  });

  it('the check names a file over the limit (probe)', () => {
    const long = { file: path.join(SRC, 'modules', 'orders', 'orders.big.ts'), source: 'x;\n'.repeat(MAX_LINES + 1) };
    const fine = { file: path.join(SRC, 'modules', 'orders', 'orders.small.ts'), source: 'x;\n'.repeat(MAX_LINES) };
    const test = { file: path.join(SRC, 'modules', 'orders', 'orders.big.test.ts'), source: 'x;\n'.repeat(MAX_LINES + 1) };
    expect(tooLong([long, fine, test])).toEqual([`modules/orders/orders.big.ts: ${MAX_LINES + 1} lines`]);
  });
});
