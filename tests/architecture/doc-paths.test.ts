import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every `docs/...` path that the code and the documents cite exists (docs/decisions/README.md
 * lists the records), so a renamed or folded record cannot leave a pointer to nothing. A record
 * may be cited by its number alone (`docs/decisions/239`) or as a range
 * (`docs/decisions/171-173`): each number named must have its file.
 */

const root = path.resolve(import.meta.dirname, '../..');
const decisionsDir = path.join(root, 'docs/decisions');

/** The files searched for citations: the source, the documents, the README and the bench. */
const SEARCHED: { dir: string; ext: RegExp }[] = [
  { dir: 'src', ext: /\.(ts|tsx|css|sql|md)$/ },
  { dir: 'docs', ext: /\.md$/ },
  { dir: 'bench', ext: /\.(ts|md|mjs|cjs)$/ },
  { dir: 'styles', ext: /\.css$/ },
];

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(rel, ext);
    return ext.test(entry.name) ? [rel] : [];
  });
}

// `docs/` not inside a longer path or address; a path broken at a hyphen across comment lines
// (`docs/product-` then ` * spec.md`) is joined back.
const CITED = /(?<![\w/.-])docs\/[\w./-]*[\w/]-?(?:\n\s*(?:\*|\/\/|#|--)?\s*[\w./-]*\w)?/g;

/** The `docs/...` paths `text` cites, as written (wrapped ones joined). */
function citedDocPaths(text: string): string[] {
  return [...text.matchAll(CITED)].map((m) =>
    m[0].includes('\n') && /-\n/.test(m[0])
      ? m[0].replace(/\n\s*(?:\*|\/\/|#|--)?\s*/, '')
      : m[0].split('\n')[0]!.replace(/-$/, ''),
  );
}

const decisionFiles = readdirSync(decisionsDir);
const recordExists = (n: string) => decisionFiles.some((f) => f.startsWith(`${n}-`));

/** Whether the cited path names something in the repository. */
function resolves(cited: string): boolean {
  const numbered = /^docs\/decisions\/(\d{3})(?:-(\d{3}))?\/?$/.exec(cited);
  if (numbered) return recordExists(numbered[1]!) && (!numbered[2] || recordExists(numbered[2]));
  return existsSync(path.join(root, cited.replace(/\.$/, '')));
}

describe('paths to docs/ cited in the code and the documents', () => {
  it('reads citations the way they are written', () => {
    expect(
      citedDocPaths(
        'see docs/decisions/239 and docs/decisions/171-173, (docs/design.md, "Billing") and docs/product-\n * spec.md; not https://x.org/docs/a',
      ),
    ).toEqual([
      'docs/decisions/239',
      'docs/decisions/171-173',
      'docs/design.md',
      'docs/product-spec.md',
    ]);
    expect(resolves('docs/decisions/239')).toBe(true);
    expect(resolves('docs/decisions/171-173')).toBe(true);
    expect(resolves('docs/decisions/999')).toBe(false);
    expect(resolves('docs/decisions/113-no-such-title.md')).toBe(false);
  });

  it('the index of decision records lists every record, and each of its links opens a file', () => {
    const index = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
    const listed = new Set([...index.matchAll(/^\| \[?(\d{3})\b/gm)].map((m) => m[1]));
    const records = decisionFiles.filter((f) => /^\d{3}-.*\.md$/.test(f) && !f.startsWith('000-'));
    expect(records.filter((f) => !listed.has(f.slice(0, 3)))).toEqual([]);
    const links = [...index.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1]!);
    expect(links.filter((l) => !existsSync(path.join(decisionsDir, l)))).toEqual([]);
  });

  it('all exist', () => {
    const missing: string[] = [];
    const files = [
      'README.md',
      ...SEARCHED.flatMap(({ dir, ext }) =>
        existsSync(path.join(root, dir)) ? filesUnder(dir, ext) : [],
      ),
    ];
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const cited of citedDocPaths(text)) {
        if (!resolves(cited)) missing.push(`${file}: ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
