// Fails when imports go in a circle, or the server's modules leave their layers
// (docs/architecture.md, "Server"). Run by `npm run lint`.
//
// - Files: no circle among the server's, the apps' (h5, admin) and the packages' files. Every
//   import counts, `import type` too (a type import is how a circle starts), and `@hx/<package>`
//   leads to that package's index. Tests and test kits (*.test.ts, *kit.ts, test/, test-*.ts)
//   may import anything and are left out.
// - Modules (apps/server/src/modules/<name>): each is in one layer of LAYERS; a module imports
//   only modules of its own or a lower layer, with no circle between modules; and its plugin's
//   `dependencies` name exactly the modules it imports (Fastify then starts them first).
//
//   node scripts/import-circles.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The server's layers, lowest first. The same table is in docs/architecture.md. */
const LAYERS = [
  {
    layer: 'kernel',
    modules: [
      'metrics',
      'config',
      'coins',
      'notifications',
      'push',
      'mail',
      'operator-core',
      'upload',
    ],
  },
  {
    layer: 'identity',
    modules: [
      'verification',
      'user',
      'devices',
      'security',
      'two-factor',
      'api-keys',
      'passkeys',
      'auth',
      'kyc',
    ],
  },
  {
    layer: 'money',
    modules: ['wallet', 'address', 'bank', 'deposit', 'chain', 'withdraw', 'demo'],
  },
  { layer: 'trading', modules: ['market', 'spot', 'lever', 'options', 'binance', 'maker'] },
  {
    layer: 'products',
    modules: [
      'finance',
      'savings',
      'bots',
      'subscription',
      'referral',
      'alerts',
      'content',
      'chat',
      'por',
    ],
  },
  { layer: 'operator', modules: ['operator', 'dev', 'monitoring'] },
];

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const FOLDERS = ['apps/server/src', 'apps/h5/src', 'apps/admin/src', 'packages'];
const MODULES = join(root, 'apps/server/src/modules');
const isSource = (path) => /\.(tsx?|mts)$/.test(path) && !/\.d\.ts$/.test(path);
const isTest = (path) => /\.test\.tsx?$|kit\.ts$|(^|\/)test\/|(^|\/)test-[^/]*$/.test(path);
const shown = (path) => relative(root, path);

function sourcesIn(folder) {
  const found = [];
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...sourcesIn(path));
    else if (isSource(path) && !isTest(relative(root, path))) found.push(path);
  }
  return found;
}

const asFile = (base) =>
  [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );

/** The file a specifier names: a relative path, or a workspace package (`@hx/db`, `@hx/x/y`). */
function resolveImport(from, specifier) {
  if (specifier.startsWith('.')) return asFile(resolve(dirname(from), specifier));
  const named = /^@hx\/([^/]+)(?:\/(.+))?$/.exec(specifier);
  if (!named) return undefined;
  const folder = join(root, 'packages', named[1]);
  if (!existsSync(join(folder, 'package.json'))) return undefined;
  const exports = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).exports ?? {};
  if (!named[2]) return asFile(join(folder, exports['.'] ?? 'src/index.ts'));
  for (const [key, target] of Object.entries(exports)) {
    const [head, tail = ''] = key.split('*');
    const sub = `./${named[2]}`;
    if (key.includes('*') && sub.startsWith(head) && sub.endsWith(tail))
      return asFile(
        join(folder, target.replace('*', sub.slice(head.length, sub.length - tail.length))),
      );
    if (key === sub) return asFile(join(folder, target));
  }
  return undefined;
}

/** A file's specifiers (imports, re-exports, import()), and its syntax tree. */
function parse(path) {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
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
  return { file, specifiers: found };
}

/** Tarjan's strongly connected components of more than one node: the circles. */
function circlesOf(graph) {
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const connect = (node) => {
    order.set(node, order.size);
    low.set(node, order.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)) {
      if (!order.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) !== order.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) circles.push(component);
  };
  for (const node of graph.keys()) if (!order.has(node)) connect(node);
  return circles;
}

/** One shortest way round a circle, from its first node back to it, to show where to cut. */
function loopThrough(graph, component) {
  const inside = new Set(component);
  const start = [...component].sort()[0];
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node).filter((n) => inside.has(n))) {
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** The module a file belongs to, or undefined outside apps/server/src/modules. */
function moduleOf(path) {
  const inside = relative(MODULES, path);
  return inside.startsWith('..') || !inside.includes('/') ? undefined : inside.split('/')[0];
}

/** The `dependencies` of the serverModule({...}) in a module's plugin.ts, or an error. */
function declaredDependencies(file) {
  let found = 'no serverModule({ name, ... }) call';
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'serverModule' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      const property = node.arguments[0].properties.find(
        (p) => ts.isPropertyAssignment(p) && p.name.getText(file) === 'dependencies',
      );
      if (!property) found = [];
      else if (
        ts.isArrayLiteralExpression(property.initializer) &&
        property.initializer.elements.every(ts.isStringLiteral)
      )
        found = property.initializer.elements.map((e) => e.text);
      else found = '`dependencies` is not a list of names written out';
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const files = FOLDERS.flatMap((f) => sourcesIn(join(root, f)));
const known = new Set(files);
const parsed = new Map(files.map((f) => [f, parse(f)]));
const fileGraph = new Map(
  files.map((f) => [
    f,
    [...new Set(parsed.get(f).specifiers.map((s) => resolveImport(f, s)))].filter((p) =>
      known.has(p),
    ),
  ]),
);
const problems = [];

for (const component of circlesOf(fileGraph)) {
  problems.push(
    `A circle of ${component.length} files:\n` +
      [...component]
        .sort()
        .map((f) => `  ${shown(f)}\n`)
        .join('') +
      `  for one: ${loopThrough(fileGraph, component).map(shown).join(' -> ')}\n` +
      '  Take the shared piece (often a type) into a file both import, or narrow a dependency ' +
      'to Pick<ServerDeps, ...> (lib/deps.ts).',
  );
}

// The module graph: module -> the modules its files import, and through which file.
const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerOf = new Map(LAYERS.flatMap(({ modules: names }, i) => names.map((m) => [m, i])));
const via = new Map(modules.map((m) => [m, new Map()]));
for (const [file, targets] of fileGraph) {
  const from = moduleOf(file);
  if (!from) continue;
  for (const target of targets) {
    const to = moduleOf(target);
    if (to && to !== from && !via.get(from).has(to)) via.get(from).set(to, [file, target]);
  }
}
const moduleGraph = new Map(modules.map((m) => [m, [...via.get(m).keys()]]));

for (const m of modules.filter((m) => !layerOf.has(m)))
  problems.push(
    `Module ${m} is in no layer: add it to LAYERS (scripts/import-circles.mjs) and docs/architecture.md.`,
  );
for (const m of layerOf.keys())
  if (!modules.includes(m)) problems.push(`LAYERS names ${m}, which is no folder of modules/.`);

for (const [from, targets] of via)
  for (const [to, [file, target]] of targets)
    if (layerOf.has(from) && layerOf.get(to) > layerOf.get(from))
      problems.push(
        `Module ${from} (${LAYERS[layerOf.get(from)].layer}) imports ${to}, of the higher layer ` +
          `${LAYERS[layerOf.get(to)].layer}:\n  ${shown(file)} -> ${shown(target)}\n` +
          '  Move the piece it uses down, or let the lower module offer a hook the higher one fills.',
      );

for (const component of circlesOf(moduleGraph)) {
  const loop = loopThrough(moduleGraph, component);
  const steps = loop.slice(1).map((to, i) => {
    const [file, target] = via.get(loop[i]).get(to);
    return `  ${loop[i]} -> ${to}: ${shown(file)} -> ${shown(target)}\n`;
  });
  problems.push(
    `A circle of ${component.length} modules (${[...component].sort().join(', ')}):\n${steps.join('').trimEnd()}`,
  );
}

for (const m of modules) {
  const plugin = join(MODULES, m, 'plugin.ts');
  if (!existsSync(plugin)) {
    problems.push(`Module ${m} has no plugin.ts (lib/module.ts's serverModule).`);
    continue;
  }
  const declared = declaredDependencies(parsed.get(plugin).file);
  if (typeof declared === 'string') {
    problems.push(`${shown(plugin)}: ${declared}.`);
    continue;
  }
  const imported = moduleGraph.get(m);
  const missing = imported.filter((d) => !declared.includes(d));
  const extra = declared.filter((d) => !imported.includes(d));
  if (missing.length > 0 || extra.length > 0)
    problems.push(
      `${shown(plugin)}: dependencies must name exactly the modules ${m} imports ` +
        `([${[...imported]
          .sort()
          .map((d) => `'${d}'`)
          .join(', ')}]).` +
        (missing.length ? ` Missing: ${missing.join(', ')}.` : '') +
        (extra.length ? ` Not imported: ${extra.join(', ')}.` : ''),
    );
}

if (problems.length === 0) {
  const edges = [...moduleGraph.values()].reduce((n, targets) => n + targets.length, 0);
  console.log(
    `import circles: none among ${files.length} files (${FOLDERS.join(', ')}); ` +
      `${modules.length} modules in ${LAYERS.length} layers, ${edges} imports between them, each declared`,
  );
} else {
  for (const problem of problems) console.error(`\n${problem}`);
  console.error(`\n${problems.length} problem(s) with imports (scripts/import-circles.mjs).`);
  process.exitCode = 1;
}
