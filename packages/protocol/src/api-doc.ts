import type { Endpoint } from './endpoint.ts';

/**
 * docs/api-routes.md, written from the endpoint table (`npm run docs:api`): every route with what
 * it takes and answers, so the list cannot drift from what the server serves. api-doc.test.ts
 * fails when the file is older than the table.
 */
interface Def {
  type: string;
  shape?: Record<string, { def: Def }>;
  element?: { def: Def };
  innerType?: { def: Def };
  in?: { def: Def };
  out?: { def: Def };
  options?: { def: Def }[];
  entries?: Record<string, string>;
  values?: unknown[];
  valueType?: { def: Def };
}

const MAX_DEPTH = 3;

/** A schema as the docs write it: `{a, b?, list:[{x, y}]}`, enums as `a|b`. */
export function describe(def: Def | undefined, depth = 0): string {
  if (!def) return '';
  switch (def.type) {
    case 'object': {
      const keys = Object.entries(def.shape ?? {});
      if (keys.length === 0) return '{}';
      if (depth >= MAX_DEPTH) return '{…}';
      const fields = keys.map(([key, value]) => field(key, value.def, depth + 1));
      return `{${fields.join(', ')}}`;
    }
    case 'array':
      return `[${describe(def.element?.def, depth)}]`;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return describe(def.innerType?.def, depth);
    case 'pipe':
      return describe((def.in?.def.type === 'transform' ? def.out : def.in)?.def, depth);
    case 'union':
      return (def.options ?? []).map((o) => describe(o.def, depth)).join(' | ');
    case 'enum':
      return Object.values(def.entries ?? {}).join('|');
    case 'literal':
      return (def.values ?? []).map((v) => JSON.stringify(v)).join('|');
    case 'record':
      return `{…: ${describe(def.valueType?.def, depth)}}`;
    default:
      return '';
  }
}

function optional(def: Def): boolean {
  if (def.type === 'optional' || def.type === 'default') return true;
  if (def.type === 'pipe') return optional(def.in!.def);
  return false;
}

function field(key: string, def: Def, depth: number): string {
  const inner = describe(def, depth);
  const name = optional(def) ? `${key}?` : key;
  return inner.startsWith('{') || inner.startsWith('[') ? `${name}:${inner}` : name;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function schemaOf(schema: unknown): Def | undefined {
  return (schema as { def?: Def } | undefined)?.def;
}

export function renderApiRoutes(endpoints: readonly Endpoint[]): string {
  const byTag = new Map<string, Endpoint[]>();
  for (const e of endpoints) byTag.set(e.tag, [...(byTag.get(e.tag) ?? []), e]);
  const lines = [
    '# API routes',
    '',
    '<!-- Written by `npm run docs:api` from packages/protocol/src/endpoints; do not edit. -->',
    '',
    'Every route under `/api` (operator routes under `/api/admin`) with what it takes (body, or',
    'query for a GET; `?` marks a field that may be left out) and the `message` of its `ok`',
    'answer. The conventions, and what a schema cannot say, are in [api.md](api.md); the served',
    'OpenAPI document (`/api/docs`) has the full schemas.',
  ];
  for (const [tag, list] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(
      '',
      `## ${tag}`,
      '',
      '| route | takes | answers | what it does |',
      '|---|---|---|---|',
    );
    const sorted = [...list].sort(
      (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
    );
    for (const e of sorted) {
      const takes = describe(schemaOf(e.body ?? e.query));
      const answers = describe(schemaOf(e.response));
      const route = `${e.method} \`${e.path.slice(1)}\``;
      lines.push(`| ${route} | ${cell(takes)} | ${cell(answers)} | ${cell(e.summary)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
