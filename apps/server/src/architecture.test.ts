import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint boundaries (eslint.config.js) on small fixtures: each fixture is a few import lines
// linted as if it were a file at `at`, against the real files of the repository.
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(at: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: path.join(root, at) });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('server modules reach each other only through index.ts', () => {
  it.each([
    ['a sibling path', 'apps/server/src/modules/products/fixture.ts', "import { findUserById } from '../users/users.repository';"],
    ['a path through modules/', 'apps/server/src/modules/products/fixture.ts', "import { findUserById } from '../../modules/users/users.repository';"],
    ['from a sub-folder', 'apps/server/src/modules/products/sub/fixture.ts', "import { findUserById } from '../../users/users.repository';"],
    ['another module\'s tables from a service', 'apps/server/src/modules/products/fixture.ts', "import { users } from '../users/users.tables';"],
    ['from the app files', 'apps/server/src/fixture.ts', "import { findUserById } from './modules/users/users.repository';"],
  ])('a deep import fails: %s', async (_name, at, source) => {
    expect(await boundaryErrors(at, source)).toEqual([expect.stringContaining('only through its index.ts')]);
  });

  it('the index, own files and (for a tables file) other tables pass', async () => {
    expect(await boundaryErrors('apps/server/src/modules/products/fixture.ts', "import { findUserById } from '../users';\nimport * as repo from './products.repository';")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/products/fixture.tables.ts', "import { users } from '../users/users.tables';")).toEqual([]);
  });
});

describe('web features do not import each other', () => {
  it.each([
    ['a sibling feature', 'apps/web/src/features/discounts/fixture.tsx', "import { ApprovalTag } from '../products/shared';"],
    ['a path through src/', 'apps/web/src/features/discounts/fixture.tsx', "import { ApprovalTag } from '../../features/products/shared';"],
    ['shared reaching into a feature', 'apps/web/src/shared/fixture.tsx', "import { ApprovalTag } from '../features/products/shared';"],
  ])('a deep import fails: %s', async (_name, at, source) => {
    expect(await boundaryErrors(at, source)).toEqual([expect.stringContaining('another feature')]);
  });

  it('shared pieces, own files, and the router registering screens pass', async () => {
    expect(await boundaryErrors('apps/web/src/features/discounts/fixture.tsx', "import { ScreenCard } from '../../shared/list-ui';\nimport { DISCOUNT_TIME_ZONES } from './discount-format';")).toEqual([]);
    expect(await boundaryErrors('apps/web/src/app/fixture.tsx', "const page = () => import('../features/products/product-list-page');")).toEqual([]);
  });
});
