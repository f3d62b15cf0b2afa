// Rollup plugin: in the core (chunks/core-<hash>.js) and the interface chunk (which is only ever loaded by it),
// drop the English `message` of a Lingui descriptor (`i18n._({ id, message })`) when the core's English catalog
// (locales/en/messages.po) has that id: the catalog ships in the core and says the same, so the text was there
// twice. Messages whose id the catalog lacks keep their text (Lingui's fallback). Other lazy chunks are left alone
// (their catalogs load with them).
import { readFileSync } from 'node:fs';
import MagicString from 'magic-string';

const DESCRIPTOR = /(\bid:\s*(["'])([\w.-]+)\2,\s*)message:\s*(["'`])((?:\\.|(?!\4)[^\\])*)\4(,\s*)?/g;

export function catalogIds(po = 'locales/en/messages.po') {
  const ids = new Set();
  for (const m of readFileSync(po, 'utf8').matchAll(/^msgid "((?:[^"\\]|\\.)+)"$/gm)) ids.add(m[1]);
  return ids;
}

export default function linguiEntryIds(entryName) {
  return {
    name: 'lingui-entry-ids',
    renderChunk(code, chunk) {
      if (!(chunk.isEntry && chunk.name === entryName) && chunk.name !== 'interface') return null;
      const ids = catalogIds();
      const out = new MagicString(code);
      for (const m of code.matchAll(DESCRIPTOR)) {
        const [all, head, , id] = m;
        if (ids.has(id)) out.remove(m.index + head.length, m.index + all.length);
      }
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
