// Keeps the references in comments and docs resolvable inside the repository:
//   (a) no tracker numbers ("issue 12", "Issue #3", "(issue 11 "Labels")");
//   (b) every `§n` (as in `SPEC §4`) is a section heading of docs/product-rules.md;
//   (c) no citing of the old outside design and conventions documents, by name or as `NAME "Section"`;
//   (d) every `docs/engineering.md "Section"` is a heading of docs/engineering.md.
// Usage: npx tsx scripts/check-doc-references.ts          report, exit 1 on findings
//        npx tsx scripts/check-doc-references.ts --fix    rewrite what the rules below can, then report
// apps/server/src/docs-references.test.ts runs the same check.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Rule = 'issue-number' | 'spec-section' | 'outside-doc' | 'engineering-section';
export interface Finding {
  file: string;
  line: number;
  rule: Rule;
  text: string;
}
export interface KnownSections {
  /** `4`, `4.2`: the § headings of docs/product-rules.md. */
  product: ReadonlySet<string>;
  /** The `##` headings of docs/engineering.md. */
  engineering: ReadonlySet<string>;
}

export const SCANNED_DIRS = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs'];
export const ROOT_FILES = ['README.md', 'vitest.config.ts', 'eslint.config.js', 'playwright.config.ts'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.mjs', '.js', '.md', '.css']);
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build-output', 'coverage', 'test-results', 'playwright-report', 'data']);
/** Generated SQL migrations and this check's own sources (they spell the patterns out). */
const SKIPPED_PATHS = new Set(['apps/server/drizzle', 'scripts/check-doc-references.ts', 'apps/server/src/docs-references.test.ts']);

/** (a) "issue 12", "issues 3", "Issue #3"; a word like `issues` or `issue.path` alone is not one. */
export const ISSUE_NUMBER = /\bissues?\s+#?\d+/i;
/** (b) a section reference: §4, §4.2. */
const SECTION_REF = /§(\d+(?:\.\d+)*)/g;
/** (c) the two outside documents, by their names in capitals. */
const OUTSIDE_DOC = new RegExp(`\\b(?:${['DES', 'IGN'].join('')}|${['CONVEN', 'TIONS'].join('')})\\b`);
/** (d) a citation of an engineering rule. */
const ENGINEERING_REF = /docs\/engineering\.md\s+"([^"]+)"/g;

export function productSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,4} §(\d+(?:\.\d+)*)[.\s]/gm)].map((m) => m[1]!));
}

export function engineeringSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^## (.+?)\s*$/gm)].map((m) => m[1]!));
}

/** The findings of one file's text, with 1-based line numbers. */
export function checkText(text: string, known: KnownSections, file = '<text>'): Finding[] {
  const findings: Finding[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const at = (rule: Rule) => findings.push({ file, line: i + 1, rule, text: line.trim() });
    if (ISSUE_NUMBER.test(line)) at('issue-number');
    for (const m of line.matchAll(SECTION_REF)) {
      if (!known.product.has(m[1]!)) {
        at('spec-section');
        break;
      }
    }
    if (OUTSIDE_DOC.test(line)) at('outside-doc');
    for (const m of line.matchAll(ENGINEERING_REF)) {
      if (!known.engineering.has(m[1]!)) {
        at('engineering-section');
        break;
      }
    }
  });
  return findings;
}

/** Repository-relative paths of every scanned file. */
export function scannedFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (SKIPPED_PATHS.has(child)) continue;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(child);
      } else if (EXTENSIONS.has(path.extname(entry.name))) {
        out.push(child);
      }
    }
  };
  for (const dir of SCANNED_DIRS) if (fs.existsSync(path.join(root, dir))) walk(dir);
  for (const file of ROOT_FILES) if (fs.existsSync(path.join(root, file))) out.push(file);
  return out.sort();
}

export function knownSections(root: string): KnownSections {
  return {
    product: productSections(fs.readFileSync(path.join(root, 'docs/product-rules.md'), 'utf8')),
    engineering: engineeringSections(fs.readFileSync(path.join(root, 'docs/engineering.md'), 'utf8')),
  };
}

export function checkRepository(root: string): Finding[] {
  const known = knownSections(root);
  return scannedFiles(root).flatMap((file) => checkText(fs.readFileSync(path.join(root, file), 'utf8'), known, file));
}

// ---------------------------------------------------------------------------------------------
// --fix: rewrites a line's references. Only comment and doc wording changes; a finding it cannot
// rewrite is left for a person (the report lists it).

/** One tracker reference: "issue 8", "issues 3 and 4", "Issue 8 #12 #15", "issue 8, finding 21", "Issue 7 §4". */
const REF = String.raw`issues?\s+#?\d+(?:(?:\s*,)?\s*(?:#\d+|§\d+|finding\s+\d+)|\s+and\s+#?\d+)*`;
/** An optional quoted title after it: issue 11 "Labels". */
const TITLE = String.raw`(?:\s+"[^"]*")?`;
/** Where a comment's text starts: indentation and a comment marker (//, /**, *, {/*, #, - in Markdown lists). */
const LEAD = String.raw`^(\s*(?:\/\/+|\{?\/\*+|\*|#+|-)?\s*)`;
const OUTSIDE = String.raw`(?:${['DES', 'IGN'].join('')}|${['CONVEN', 'TIONS'].join('')})`;

/** Old section names → the heading of docs/engineering.md that now holds the rule. */
const ENGINEERING_HEADING: Record<string, string> = {
  'Known facts': 'Toolchain facts',
  files: 'Files',
  'Lists keep their filters and page in the URL': 'UI',
  'Form with rules from contracts': 'UI',
};
const heading = (name: string) => ENGINEERING_HEADING[name] ?? name;

/** Upper-cases a leading plain word ("labels: …" → "Labels: …"), never an identifier such as `mockupImageUrl`. */
const cap = (s: string) => (/^[a-z]+(?=[\s,:;.!?)]|$)/.test(s) ? s[0]!.toUpperCase() + s.slice(1) : s);

export const FIX_RULES: readonly { name: string; pattern: RegExp; replace: (...m: string[]) => string }[] = [
  // (issue 8), (issue 11 "Labels"), (issue 7 §4, issue 8 #11 #12): only references in the brackets.
  { name: 'bracketed references', pattern: new RegExp(String.raw`\s*\(${REF}${TITLE}(?:,\s*${REF}${TITLE})*\)`, 'gi'), replace: () => '' },
  // (issue #3: "a sample of recent quotes") → (a sample of recent quotes)
  { name: 'bracketed quote', pattern: new RegExp(String.raw`\(${REF}${TITLE}:\s*"([^"]*)"\)`, 'gi'), replace: (_m, quote) => `(${quote})` },
  // (issue 8: the seeded admin) → (the seeded admin); (issue 11, SPEC §8) → (SPEC §8)
  { name: 'bracketed lead-in', pattern: new RegExp(String.raw`\(${REF}${TITLE}\s*[:,]\s*`, 'gi'), replace: () => '(' },
  // (issue 9 goal: < 5 s) → (goal: < 5 s)
  { name: 'bracketed goal', pattern: new RegExp(String.raw`\(${REF}\s+goal:`, 'gi'), replace: () => '(goal:' },
  // (wallet, issue 10) → (wallet); "…/shipping/), issue 11." → "…/shipping/)."
  { name: 'trailing reference in a list', pattern: new RegExp(String.raw`,\s*${REF}${TITLE}(?=[,).])`, 'gi'), replace: () => '' },
  // Issue 12 "Team members": invite … → Team members: invite …   ("Done when" is the tracker's, dropped below)
  {
    name: 'leading titled reference',
    pattern: new RegExp(String.raw`${LEAD}${REF}\s+"(?!Done when)([^"]+)"\s*:\s*`, 'i'),
    replace: (_m, lead, title) => `${lead}${cap(title!)}: `,
  },
  // Issue 11: labels … / Issue 10 (first part): paying … / Issue 3 — shipping … / Issue 10, credit … → Labels … / Paying … / …
  {
    name: 'leading reference',
    pattern: new RegExp(String.raw`${LEAD}${REF}${TITLE}(?:\s+\([^)]*\))?\s*(?::|—|–|,)\s*(.)`, 'i'),
    replace: (_m, lead, first) => `${lead}${cap(first!)}`,
  },
  // Issue 8 privilege rules, checked … → Privilege rules, checked …
  { name: 'leading reference before words', pattern: new RegExp(String.raw`${LEAD}${REF}\s+([a-z])`, 'i'), replace: (_m, lead, first) => `${lead}${first!.toUpperCase()}` },
  // "… (a pinned column). Issue 8 #23." → "… (a pinned column)."
  { name: 'trailing sentence', pattern: new RegExp(String.raw`\s+${REF}${TITLE}\.(?=\s*(?:\*\/)?\s*$)`, 'i'), replace: () => '' },

  // Outside documents → docs/engineering.md.
  {
    name: 'two sections',
    pattern: new RegExp(String.raw`\b${OUTSIDE}:? "([^"]+)" and ${OUTSIDE}:? "([^"]+)"`, 'g'),
    replace: (_m, a, b) => `docs/engineering.md "${heading(a!)}" and "${heading(b!)}"`,
  },
  { name: 'named section', pattern: new RegExp(String.raw`\b${OUTSIDE}:? "([^"]+)"`, 'g'), replace: (_m, a) => `docs/engineering.md "${heading(a!)}"` },
  { name: 'toolchain facts', pattern: new RegExp(String.raw`\b${OUTSIDE} toolchain facts`, 'g'), replace: () => 'docs/engineering.md "Toolchain facts"' },
  { name: 'bracketed bare section', pattern: new RegExp(String.raw`\(${OUTSIDE}: ([A-Z][\w ]*)\)`, 'g'), replace: (_m, a) => `(docs/engineering.md "${heading(a!)}")` },
  // SPEC §7 / DESIGN: every reply … → SPEC §7: every reply …
  { name: 'second citation', pattern: new RegExp(String.raw`(?<=[\w§)])\s*\/\s*${OUTSIDE}(?=:)`, 'g'), replace: () => '' },
  // DESIGN: money is … / DESIGN / issue: configuration … → Money is … / Configuration …
  {
    name: 'leading citation',
    pattern: new RegExp(String.raw`${LEAD}${OUTSIDE}(?:\s*\/\s*issues?)?:\s*(.)`),
    replace: (_m, lead, first) => `${lead}${cap(first!)}`,
  },
];

export function fixLine(line: string): string {
  let out = line;
  for (const rule of FIX_RULES) out = out.replace(rule.pattern, (...args: unknown[]) => rule.replace(...(args.filter((a) => typeof a === 'string') as string[])));
  return out;
}

/** Rewrites every scanned file; returns the number of lines changed per file. */
export function fixRepository(root: string): Map<string, number> {
  const changed = new Map<string, number>();
  for (const file of scannedFiles(root)) {
    const full = path.join(root, file);
    const before = fs.readFileSync(full, 'utf8');
    const lines = before.split('\n');
    let n = 0;
    const after = lines
      .map((line) => {
        const fixed = fixLine(line);
        if (fixed !== line) n++;
        return fixed;
      })
      .join('\n');
    if (n > 0) {
      fs.writeFileSync(full, after);
      changed.set(file, n);
    }
  }
  return changed;
}

function main(argv: string[]): number {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (argv.includes('--fix')) {
    const changed = fixRepository(root);
    const total = [...changed.values()].reduce((s, n) => s + n, 0);
    for (const [file, n] of changed) console.log(`fixed ${n} line(s) in ${file}`);
    console.log(`${total} line(s) rewritten in ${changed.size} file(s)`);
  }
  const findings = checkRepository(root);
  for (const f of findings) console.log(`${f.file}:${f.line} [${f.rule}] ${f.text}`);
  console.log(findings.length === 0 ? 'no findings' : `${findings.length} finding(s)`);
  return findings.length === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
