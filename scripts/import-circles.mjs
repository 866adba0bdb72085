// Fails when the server's modules import each other in a circle (docs/architecture.md, "Server").
// Every relative import counts, `import type` too: a type import is how a circle starts (a
// service importing the app's type, the app importing every module). Tests and test kits
// (*.test.ts, *kit.ts, test/, test-*.ts) may import anything and are left out.
//
//   node scripts/import-circles.mjs [folder ...]      (default: apps/server/src)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const folders = process.argv.length > 2 ? process.argv.slice(2) : ['apps/server/src'];
const isSource = (path) => /\.tsx?$/.test(path) && !/\.d\.ts$/.test(path);
const isTest = (path) => /\.test\.tsx?$|kit\.ts$|(^|\/)test\/|(^|\/)test-[^/]*$/.test(path);

function sourcesIn(folder) {
  const found = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...sourcesIn(path));
    else if (isSource(path) && !isTest(relative(root, path))) found.push(path);
  }
  return found;
}

/** The file a relative specifier names (this repo writes the extension; the others for safety). */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const path of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(path) && statSync(path).isFile()) return path;
  return undefined;
}

/** Relative specifiers of a file: imports and re-exports (type-only ones too), and import(). */
function specifiersOf(path) {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((s) => s.startsWith('.'));
}

const files = folders.flatMap((f) => sourcesIn(resolve(root, f)));
const known = new Set(files);
const graph = new Map(
  files.map((f) => [
    f,
    [...new Set(specifiersOf(f).map((s) => resolveImport(f, s)))].filter((p) => known.has(p)),
  ]),
);

// Tarjan's strongly connected components: each of more than one file is a circle.
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
function connect(file) {
  order.set(file, order.size);
  low.set(file, order.get(file));
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file)) {
    if (!order.has(next)) {
      connect(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), order.get(next)));
  }
  if (low.get(file) !== order.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1) circles.push(component);
}
for (const file of files) if (!order.has(file)) connect(file);

/** One shortest way round a circle, from its first file back to it, to show where to cut. */
function loopThrough(component) {
  const inside = new Set(component);
  const start = [...component].sort()[0];
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of graph.get(file).filter((n) => inside.has(n))) {
      if (next === start) {
        const path = [start];
        for (let at = file; at !== start; at = cameFrom.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}

const shown = (path) => relative(root, path);
if (circles.length === 0) {
  console.log(`import circles: none among ${files.length} files (${folders.join(', ')})`);
} else {
  for (const component of circles) {
    console.error(`\nA circle of ${component.length} files:`);
    for (const file of [...component].sort()) console.error(`  ${shown(file)}`);
    console.error(`  for one: ${loopThrough(component).map(shown).join(' -> ')}`);
  }
  console.error(
    `\n${circles.length} import circle(s). Take the shared piece (often a type) into a file both ` +
      'import, or narrow a dependency to Pick<ServerDeps, ...> (lib/deps.ts).',
  );
  process.exitCode = 1;
}
