/**
 * `npm run analyze` (part of `npm run build`): custom-elements.json at the project root, from the JSDoc of
 * PatientEdPlayerElement, completed from the source tables (methods, properties, event detail types) by the
 * plugin of scripts/gen-element-docs.mjs, which also checks the file in `npm test`.
 */
import { loadApi, manifestPlugin } from './scripts/gen-element-docs.mjs';

const api = await loadApi();

export default {
  globs: ['src/element/player-element.ts'],
  outdir: '.',
  litelement: false,
  packagejson: false,
  plugins: [manifestPlugin(api)],
};
