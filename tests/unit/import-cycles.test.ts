import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A cycle between modules makes the load order decide what is still undefined, and between domains
// it means neither can be understood (or changed) alone. Type-only imports count too: they tie the
// domains together just the same.
const ROOTS = ['lib', 'app', 'components'];
const SOURCE = /\.(?:ts|tsx)$/;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(entry: string): string[] {
  if (statSync(entry).isFile())
    return SOURCE.test(entry) && !entry.endsWith('.d.ts') ? [entry] : [];
  return readdirSync(entry).flatMap((name) =>
    name === 'node_modules' || name.startsWith('.') ? [] : sourceFiles(path.join(entry, name)),
  );
}

/** The file an import specifier names ('@/…' or relative), or undefined for a package. */
function resolve(
  file: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | undefined {
  const base = specifier.startsWith('@/')
    ? path.normalize(specifier.slice(2))
    : specifier.startsWith('.')
      ? path.normalize(path.join(path.dirname(file), specifier))
      : undefined;
  if (base === undefined) return undefined;
  if (SOURCE.test(base) && exists(base)) return base;
  return EXTENSIONS.map((ext) => base + ext).find(exists);
}

/** Every module a file imports or re-exports, statically or with import(). */
function imports(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const specifier =
      ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
        ? node.moduleSpecifier
        : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
          ? node.argument.literal
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
            ? node.arguments[0]
            : undefined;
    if (specifier && ts.isStringLiteralLike(specifier)) found.push(specifier.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

type Graph = Map<string, string[]>;

function importGraph(files: Map<string, string>): Graph {
  const exists = (file: string) => files.has(file) || existsSync(file);
  return new Map(
    [...files].map(([file, text]) => [
      file,
      [...new Set(imports(file, text).flatMap((s) => resolve(file, s, exists) ?? []))].filter(
        (target) => files.has(target),
      ),
    ]),
  );
}

/** The strongly connected components of more than one file, or of one file importing itself (Tarjan). */
function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)!.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

// Parsing every file takes seconds on a busy machine: once, for both checks.
let repository: Graph | undefined;
const repositoryGraph = () => {
  if (repository) return repository;
  const files = new Map(
    ROOTS.flatMap(sourceFiles).map((file) => [file, readFileSync(file, 'utf8')]),
  );
  expect(files.size).toBeGreaterThan(100);
  return (repository = importGraph(files));
};

describe('import cycles', () => {
  it(`no module in ${ROOTS.join(', ')} reaches itself through its imports`, () => {
    expect(cycles(repositoryGraph())).toEqual([]);
  }, 60_000);

  // Pages import components and lib; a component or a domain that imported a page's module (its
  // server actions) would tie the folders into a cycle even where no single file closes one.
  it('components/ and lib/ never import from app/, and lib/ never from components/', () => {
    const upward = [...repositoryGraph()].flatMap(([file, targets]) =>
      targets
        .filter(
          (target) =>
            (!file.startsWith('app/') && target.startsWith('app/')) ||
            (file.startsWith('lib/') && target.startsWith('components/')),
        )
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  }, 60_000);

  it('finds a cycle through an index, a relative path and a type-only import, and none in a chain', () => {
    const files = new Map([
      ['lib/a/index.ts', "export { a } from './a';"],
      ['lib/a/a.ts', "import type { B } from '@/lib/b';\nexport const a = 1;"],
      ['lib/b/index.ts', "export type { B } from './b';"],
      ['lib/b/b.ts', "import { a } from '@/lib/a';\nexport type B = typeof a;"],
      ['lib/c/index.ts', "import { a } from '../a';\nexport const c = a;"],
      ['app/page.tsx', "const b = await import('@/lib/b');\nexport default b;"],
    ]);
    expect(cycles(importGraph(files))).toEqual([
      ['lib/a/a.ts', 'lib/a/index.ts', 'lib/b/b.ts', 'lib/b/index.ts'],
    ]);
    files.set('lib/b/b.ts', 'export type B = number;');
    expect(cycles(importGraph(files))).toEqual([]);
  });
});
