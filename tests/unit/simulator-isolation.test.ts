import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The simulated ARCA (lib/arca-simulator) must never be part of production code: only server.ts and
// the arca:check CLI may load it, with a dynamic import() inside `if (…arcaSimulator…)`.
const SIMULATOR = 'lib/arca-simulator';
const ALLOWED_LOADERS = ['server.ts', 'scripts/cli/arca-check.ts'];
const PRODUCTION = ['server.ts', 'proxy.ts', 'app', 'components', 'lib', 'scripts'];
const EVERYWHERE = [...PRODUCTION, 'tests', 'bench'];
const SOURCE = /\.(?:ts|tsx|mts|mjs|js)$/;

interface ModuleUse {
  file: string;
  line: number;
  target: string;
  dynamic: boolean;
  /** Inside the then-branch of a condition that reads `arcaSimulator`. */
  guarded: boolean;
}

function sourceFiles(entry: string): string[] {
  if (statSync(entry).isFile()) return SOURCE.test(entry) ? [entry] : [];
  return readdirSync(entry).flatMap((name) =>
    name === 'node_modules' || name.startsWith('.') ? [] : sourceFiles(path.join(entry, name)),
  );
}

/** The repository path an import specifier names ('@/…' or relative), or the package name as written. */
function resolve(file: string, specifier: string): string {
  if (specifier.startsWith('@/')) return path.normalize(specifier.slice(2));
  if (specifier.startsWith('.')) return path.normalize(path.join(path.dirname(file), specifier));
  return specifier;
}

function isGuarded(node: ts.Node): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    const condition =
      ts.isIfStatement(parent) && parent.thenStatement === child
        ? parent.expression
        : ts.isConditionalExpression(parent) && parent.whenTrue === child
          ? parent.condition
          : ts.isBinaryExpression(parent) &&
              parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
              parent.right === child
            ? parent.left
            : undefined;
    if (condition && /\barcaSimulator\b/.test(condition.getText())) return true;
  }
  return false;
}

/** Every module a file imports, re-exports, import()s or require()s. */
function moduleUses(file: string, text: string): ModuleUse[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const uses: ModuleUse[] = [];
  const add = (node: ts.Node, specifier: ts.Expression | undefined, dynamic: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    uses.push({
      file,
      line,
      target: resolve(file, specifier.text),
      dynamic,
      guarded: dynamic && isGuarded(node),
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
      add(node, node.moduleSpecifier, false);
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    )
      add(node, node.moduleReference.expression, false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node, node.argument.literal, false);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      add(node, node.arguments[0], node.expression.kind === ts.SyntaxKind.ImportKeyword);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

const usesOfSimulator = (roots: string[]) =>
  roots
    .flatMap(sourceFiles)
    .filter((file) => !file.startsWith(`${SIMULATOR}/`))
    .flatMap((file) => moduleUses(file, readFileSync(file, 'utf8')))
    .filter((use) => use.target === SIMULATOR || use.target.startsWith(`${SIMULATOR}/`));

const where = (uses: ModuleUse[]) =>
  uses.map((u) => `${u.file}:${u.line} ${u.dynamic ? 'import()' : 'import'} ${u.target}`);

describe('the simulated ARCA stays out of production code', () => {
  it('no production file imports lib/arca-simulator, except the guarded loaders in server.ts and the CLI', () => {
    const uses = usesOfSimulator(PRODUCTION);
    expect(
      where(uses.filter((u) => !u.dynamic || !u.guarded || !ALLOWED_LOADERS.includes(u.file))),
    ).toEqual([]);
    expect([...new Set(uses.map((u) => u.file))].sort()).toEqual([...ALLOWED_LOADERS].sort());
  });

  it('lib/arca-simulator is imported only through its index, and depends on lib/arca only through its index', () => {
    expect(where(usesOfSimulator(EVERYWHERE).filter((u) => u.target !== SIMULATOR))).toEqual([]);
    const fromSimulator = sourceFiles(SIMULATOR).flatMap((file) =>
      moduleUses(file, readFileSync(file, 'utf8')),
    );
    expect(where(fromSimulator.filter((u) => u.target.startsWith('lib/arca/')))).toEqual([]);
    expect(fromSimulator.some((u) => u.target === 'lib/arca')).toBe(true);
  });

  it('sees every way a file can reach the simulator', () => {
    const file = 'lib/registration/example.ts';
    const text = [
      "import { issueCertificate } from '@/lib/arca-simulator';",
      "import type { CaMaterial } from '../arca-simulator/create-ca';",
      "export * from '@/lib/arca-simulator';",
      "const a = await import('@/lib/arca-simulator');",
      "if (getEnv().arcaSimulator) await import('@/lib/arca-simulator');",
      "if (other) await import('@/lib/arca-simulator');",
      "const b = env.arcaSimulator ? await import('@/lib/arca-simulator') : undefined;",
      "type C = typeof import('@/lib/arca-simulator');",
    ].join('\n');
    expect(moduleUses(file, text).map((u) => [u.line, u.target, u.dynamic, u.guarded])).toEqual([
      [1, SIMULATOR, false, false],
      [2, `${SIMULATOR}/create-ca`, false, false],
      [3, SIMULATOR, false, false],
      [4, SIMULATOR, true, false],
      [5, SIMULATOR, true, true],
      [6, SIMULATOR, true, false],
      [7, SIMULATOR, true, true],
      [8, SIMULATOR, false, false],
    ]);
  });
});
