// ESLint rule: no import circle among the files of a folder tree (server/ by default), type-only
// imports included — a circle, even of types, means two modules that cannot be read apart
// (issue 25 item 4). eslint-plugin-import's no-cycle is not installed; this rule reads the
// relative imports of the tree once per lint run and reports the import that closes a circle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileOf, importsOf } from './imports.js';

function walk(dir, out) {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(f) && !f.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The import graph of a tree: file → the files of the tree it imports. */
export function importGraph(root, read = (f) => readFileSync(f, 'utf8')) {
  const graph = new Map();
  for (const f of walk(root, [])) {
    const to = new Set();
    for (const { spec } of importsOf(read(f))) {
      const t = spec.startsWith('.') ? fileOf(f, spec) : null;
      if (t && t.startsWith(root + sep)) to.add(t);
    }
    graph.set(f, to);
  }
  return graph;
}

/** A path from `from` back to `to` in the graph (the files in order), or null. */
export function pathBetween(graph, from, to) {
  const seen = new Set([from]);
  const queue = [[from]];
  while (queue.length) {
    const path = queue.shift();
    const last = path[path.length - 1];
    if (last === to) return path;
    for (const next of graph.get(last) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...path, next]);
      }
    }
  }
  return null;
}

const graphs = new Map();

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles inside a folder tree (server/ by default).' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { cycle: 'Import circle: {{path}}. Move what both need into a lower module (server/base/, a port, a type file).' },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const root = resolve(cwd, context.options[0]?.root ?? 'server');
    const file = resolve(context.filename);
    if (!file.startsWith(root + sep)) return {};
    let graph = graphs.get(root);
    if (!graph) graphs.set(root, (graph = importGraph(root)));
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const t = fileOf(file, spec);
      if (!t || !t.startsWith(root + sep)) return;
      const back = t === file ? [t] : pathBetween(graph, t, file);
      if (back) context.report({ node: node.source, messageId: 'cycle', data: { path: [file, ...back].map((f) => relative(cwd, f)).join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
