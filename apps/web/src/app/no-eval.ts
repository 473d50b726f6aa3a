// The Content-Security-Policy forbids eval (script-src 'self'). zod compiles fast object parsers
// with `new Function` after probing whether eval works, and the probe alone is reported as a CSP
// violation: tell it not to try. Imported first in main.tsx, before any schema is built; zod keeps
// this object on globalThis, so the setting needs no zod import here (the entry stays small).
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
