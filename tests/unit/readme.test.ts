import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const docs = readdirSync('docs')
  .filter((name) => name.endsWith('.md'))
  .map((name) => path.join('docs', name));
const markdownFiles = ['README.md', 'CONTRIBUTING.md', ...docs];

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** Relative links and images of a Markdown file, outside code blocks: [target, anchor]. */
function relativeLinks(file: string): [string, string | undefined][] {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/\]\((?!https?:)([^)\s]*)\)/g)].map((m) => {
    const [target, anchor] = m[1]!.split('#', 2) as [string, string | undefined];
    return [target === '' ? file : path.join(path.dirname(file), target), anchor];
  });
}

describe('README', () => {
  it('opens with the two commands', () => {
    expect(readme).toMatch(
      /^# .+\n\n```bash\nnpm install && npm start\nnpm install && npm test\n```\n/,
    );
  });

  it('documents every variable lib/config/env.ts reads in its configuration table', () => {
    const variables = [
      ...readFileSync('lib/config/env.ts', 'utf8').matchAll(
        /^ {2}([A-Z][A-Z0-9_]+): (?:z\.|boolish)/gm,
      ),
    ].map((m) => m[1]!);
    expect(variables).toContain('API_RATE_LIMIT_PER_MINUTE');
    const start = readme.indexOf('## Configuration');
    const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    // NODE_ENV is Node's own; APP_ENV is what the app documents.
    const missing = variables.filter(
      (name) =>
        name !== 'NODE_ENV' && !rows.some((row) => row.split('|')[1]!.includes(`\`${name}\``)),
    );
    expect(missing).toEqual([]);
  });

  it('points to every page under docs/', () => {
    const next = readme.slice(readme.indexOf('## Where to read next'));
    expect(docs.filter((page) => !next.includes(`](${page})`))).toEqual([]);
    expect(next).toContain('](CONTRIBUTING.md)');
  });
});

describe.each(markdownFiles)('%s', (file) => {
  it('links only to files a reader of the repository has, and to headings they hold', () => {
    expect(readFileSync(file, 'utf8')).not.toContain('../shared');
    const broken = relativeLinks(file).filter(
      ([target, anchor]) =>
        !existsSync(target) ||
        (anchor !== undefined && target.endsWith('.md') && !anchorsIn(target).has(anchor)),
    );
    expect(broken).toEqual([]);
  });
});
