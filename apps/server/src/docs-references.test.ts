import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRepository, checkText, fixLine, knownSections, scannedFiles } from '../../../scripts/check-doc-references';

// Comments and docs cite only what a clone of the repository holds: product rules by their section
// of docs/product-rules.md (`SPEC §n`), build rules by their heading of docs/engineering.md, and
// never a tracker number. `npx tsx scripts/check-doc-references.ts --fix` rewrites most findings.
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const known = knownSections(root);

describe('references in comments and docs', () => {
  it('docs/product-rules.md has the nine § sections', () => {
    expect([...known.product].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('the walk covers every area, code and docs alike, and leaves out dependencies and migrations', () => {
    const files = scannedFiles(root);
    for (const sample of ['apps/server/src/app.ts', 'apps/web/src/main.tsx', 'packages/contracts/src/errors.ts', 'e2e/helpers.ts', 'bench/quote.ts', 'docs/ARCHITECTURE.md', 'README.md']) {
      expect(files).toContain(sample);
    }
    expect(files.some((f) => f.includes('node_modules') || f.startsWith('apps/server/drizzle/'))).toBe(false);
  });

  it('the repository has no unresolvable reference', () => {
    const findings = checkRepository(root).map((f) => `${f.file}:${f.line} [${f.rule}] ${f.text}`);
    expect(findings).toEqual([]);
  });
});

describe('the check itself', () => {
  const report = (text: string) => checkText(text, known, 'fixture.ts').map((f) => `${f.line}:${f.rule}`);

  it('names the line of a tracker number and of an unknown section', () => {
    expect(report('const a = 1;\n// issue 17: foo\n// SPEC §99\n// SPEC §4: fine')).toEqual(['2:issue-number', '3:spec-section']);
  });

  it('knows the forms a tracker number takes, and leaves other uses of the word alone', () => {
    for (const line of ['// Labels (issue 11 "Labels"): x', '/** Issue #3: x */', '// (issue 8 #12)', '// Issue 9', 'see issues 3 and 4']) {
      expect(report(line), line).toEqual(['1:issue-number']);
    }
    for (const line of ['for (const issue of parsed.error.issues) rows.push(issue.path);', '// zod issues become row errors', 'const issues = 3;']) {
      expect(report(line), line).toEqual([]);
    }
  });

  it('refuses the outside documents and unknown engineering headings', () => {
    expect(report('// DESIGN "Tenancy": x')).toEqual(['1:outside-doc']);
    expect(report('// see CONVENTIONS.md')).toEqual(['1:outside-doc']);
    expect(report('// docs/engineering.md "Tenancy": x\n// docs/engineering.md "Nowhere": x')).toEqual(['2:engineering-section']);
  });

  it('--fix keeps the meaning and drops the reference', () => {
    expect(fixLine('// Label purchase (issue 11 "Labels"): on payment')).toBe('// Label purchase: on payment');
    expect(fixLine('// Issue 11: labels, tracking')).toBe('// Labels, tracking');
    expect(fixLine('// Issue 12 "Team members": invite by email')).toBe('// Team members: invite by email');
    expect(fixLine('  // Issue 8 finding 6: a hard lock')).toBe('  // A hard lock');
    expect(fixLine('/** Issue 8 #15: a mockup path */')).toBe('/** A mockup path */');
    expect(fixLine(' * Issue 8 privilege rules, checked first')).toBe(' * Privilege rules, checked first');
    expect(fixLine('// imports and uploads (issue 7 §4, issue 8 #11 #12 #15)')).toBe('// imports and uploads');
    expect(fixLine("it('works (issue 8, finding 21)', () => {")).toBe("it('works', () => {");
    expect(fixLine('// only queues a job (issue 8: the token write)')).toBe('// only queues a job (the token write)');
    expect(fixLine('// Journey (wallet, issue 10): a new seller')).toBe('// Journey (wallet): a new seller');
    expect(fixLine('// messages (issue 11, SPEC §8), spread')).toBe('// messages (SPEC §8), spread');
    expect(fixLine('// started in the same run (issue #2 goal: health ≥ 0.7)')).toBe('// started in the same run (goal: health ≥ 0.7)');
    expect(fixLine('// account_id first (DESIGN "Tenancy").')).toBe('// account_id first (docs/engineering.md "Tenancy").');
    expect(fixLine('// DESIGN: money is integer cents')).toBe('// Money is integer cents');
    expect(fixLine('/** SPEC §7 / DESIGN: every reply */')).toBe('/** SPEC §7: every reply */');
    expect(fixLine('/** Thrown by services (CONVENTIONS: Errors). */')).toBe('/** Thrown by services (docs/engineering.md "Errors"). */');
  });
});
