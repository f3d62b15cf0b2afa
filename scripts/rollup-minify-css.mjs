// Rollup plugin: minify the stylesheets written as `/* css */` template literals in our sources (the shadow
// root's constructable stylesheets) with esbuild's CSS minifier. Literals with `${...}` or a backslash are left
// as written (their cooked text is not their source text). Smaller chunks, the entry's first of all.
import { transformSync } from 'esbuild';
import MagicString from 'magic-string';

const CSS_LITERAL = /\/\*\s*css\s*\*\/\s*`([^`\\$]*)`/g;

export default function minifyCss() {
  return {
    name: 'minify-css',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes('/* css */')) return null;
      const out = new MagicString(code);
      for (const m of code.matchAll(CSS_LITERAL)) {
        const css = transformSync(m[1], { loader: 'css', minify: true }).code.trim();
        out.overwrite(m.index, m.index + m[0].length, JSON.stringify(css));
      }
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
