// The project's import graph, read from the sources with the TypeScript parser: static
// imports, re-exports, `import()`, `require()` and `import('...')` types, each relative one
// resolved to the file it names. The layering test and the reference's independence test read it.

import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../support/run-cli.js';

export interface Edge {
  readonly from: string;
  readonly to: string;
}

export interface Import {
  readonly file: string;
  readonly specifier: string;
  /** The module file it resolves to (relative to ROOT), or null for a package or a built-in. */
  readonly target: string | null;
  /** Imported names; '*' for a namespace, a re-export of everything, a bare or a dynamic import. */
  readonly names: readonly string[];
  readonly line: number;
}

export function tsFiles(dir: string): string[] {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsFiles(path);
    return /\.(c|m)?tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path.split(sep).join('/')] : [];
  });
}

const isFile = (abs: string): boolean => existsSync(abs) && statSync(abs).isFile();

/** A relative specifier as NodeNext resolves it in this project: `.js` written, `.ts` on disk. */
function resolveRelative(file: string, specifier: string): string {
  const base = resolve(ROOT, dirname(file), specifier);
  const candidates = [base.replace(/\.(c|m)?js$/, '.$1ts'), base, `${base}.ts`, join(base, 'index.ts')];
  const found = candidates.find(isFile);
  if (!found) throw new Error(`${file}: cannot resolve "${specifier}"`);
  return relative(ROOT, found).split(sep).join('/');
}

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
  string,
  Record<string, string> | undefined
>;
const PACKAGES = new Set([...Object.keys(PACKAGE.dependencies ?? {}), ...Object.keys(PACKAGE.devDependencies ?? {})]);
const BUILTINS = new Set(builtinModules);

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const found: Import[] = [];
  const add = (specifier: string, names: readonly string[], node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      found.push({ file, specifier, target: resolveRelative(file, specifier), names, line });
      return;
    }
    const bare = specifier.replace(/^node:/, '');
    if (!specifier.startsWith('node:') && !BUILTINS.has(bare) && !PACKAGES.has(packageName(specifier))) {
      throw new Error(
        `${file}:${line}: "${specifier}" is neither a node built-in nor a declared package (a path alias?)`,
      );
    }
    found.push({ file, specifier, target: null, names, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      if (!clause) names.push('*');
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
      add(node.moduleSpecifier.text, names, node);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause) ? clause.elements.map((el) => (el.propertyName ?? el.name).text) : ['*'];
      add(node.moduleSpecifier.text, names, node);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      add(node.moduleReference.expression.text, ['*'], node);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) add(arg.text, ['*'], node);
      else if (arg) throw new Error(`${file}: a computed import() or require() cannot be checked`);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(
        node.argument.literal.text,
        [node.qualifier ? (ts.isIdentifier(node.qualifier) ? node.qualifier.text : '*') : '*'],
        node,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every import between project modules of these trees. */
export function importGraph(dirs: readonly string[]): Edge[] {
  return dirs
    .flatMap(tsFiles)
    .flatMap(importsOf)
    .flatMap((i) => (i.target === null ? [] : [{ from: i.file, to: i.target }]));
}

/** Every import loop (strongly connected component of more than one file, or a file importing itself). */
export function importLoops(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let counter = 0;
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const target = targets[frame.i++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, i: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = targets.includes(frame.node);
      if (component.length > 1 || selfLoop) loops.push(component.sort());
    }
  }
  return loops;
}
