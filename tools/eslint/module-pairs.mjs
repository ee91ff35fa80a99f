// An api module may use another one, but two modules never use each other: a piece both need
// (reference data, the money user, the audit writer) lives in src/shared or src/lib instead.
// import-x/no-cycle sees cycles between files; this rule sees them between module folders, which
// a file-level check misses (a.routes -> b.service and b.service -> a.repo is no file cycle).
import fs from 'node:fs';
import path from 'node:path';

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** For each module folder under `modulesDir`, the other module folders its files import. */
const graphs = new Map();
function moduleGraph(modulesDir) {
  let graph = graphs.get(modulesDir);
  if (graph) return graph;
  graph = new Map();
  const walk = (dir, files = []) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== '__tests__') walk(p, files);
      } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) files.push(p);
    }
    return files;
  };
  for (const mod of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const uses = new Set();
    for (const file of walk(path.join(modulesDir, mod.name))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const other = moduleOf(modulesDir, path.resolve(path.dirname(file), m[1]));
        if (other && other !== mod.name) uses.add(other);
      }
    }
    graph.set(mod.name, uses);
  }
  graphs.set(modulesDir, graph);
  return graph;
}

function moduleOf(modulesDir, file) {
  const rel = path.relative(modulesDir, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
}

export const noModulePair = {
  meta: {
    type: 'problem',
    messages: {
      pair: "Modules '{{own}}' and '{{other}}' import each other: move what both need to src/shared (or src/lib).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const at = file.lastIndexOf(`${path.sep}modules${path.sep}`);
    if (at < 0) return {};
    const modulesDir = file.slice(0, at + '/modules'.length);
    const own = moduleOf(modulesDir, file);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const other = moduleOf(modulesDir, path.resolve(path.dirname(file), spec));
      if (!other || other === own) return;
      if (!moduleGraph(modulesDir).get(other)?.has(own)) return;
      context.report({ node: node.source, messageId: 'pair', data: { own, other } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'no-module-pair': noModulePair } };
