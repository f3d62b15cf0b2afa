// Walks an ESTree (the AST Rollup's `this.parse` gives a plugin), for the build's plugins that rewrite chunks.

/** Calls `visit` on `node` and on every node below it, parents first. */
export function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) for (const v of value) walk(v, visit);
    else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value, visit);
  }
}
