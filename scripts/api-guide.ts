// Writes the seller API guide (routes, request and reply examples generated from the contracts) that
// the integrations screen's "API document" tab shows. Run after changing a contract it lists;
// apps/web/src/features/integrations/api-guide.test.ts fails while the file is out of date.
// Usage: npm run api-guide
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApiGuide } from '@exship/contracts';

export const API_GUIDE_FILE = fileURLToPath(new URL('../apps/web/src/features/integrations/api-guide.json', import.meta.url));

fs.writeFileSync(API_GUIDE_FILE, `${JSON.stringify(buildApiGuide(), null, 2)}\n`);
console.log(`wrote ${API_GUIDE_FILE}`);
