/**
 * The element's public surface, written from the source tables so that docs never drift:
 *
 *   - the JSDoc block of `PatientEdPlayerElement` (src/element/player-element.ts): `@attr`, `@fires`, `@cssprop`
 *   - docs/api.md: the tables between `<!-- BEGIN GENERATED: name -->` and `<!-- END GENERATED: name -->`
 *   - custom-elements.json: the analyzer's manifest of that JSDoc, completed with the methods (from the command
 *     table), the properties and the event detail types (`manifestPlugin`, also used by
 *     custom-elements-manifest.config.mjs, so `npm run analyze` writes the same file)
 *
 *   node scripts/gen-element-docs.mjs           write the three (`npm run docs`)
 *   node scripts/gen-element-docs.mjs --check   fail if any of them is out of date (`npm test`)
 *
 * Sources: src/commands/table.ts (COMMANDS and the argument and result types derived from its handlers,
 * CommandError codes), src/element/attributes.ts (ELEMENT_PROPS), src/preferences/{defaults,query}.ts,
 * src/core/events.ts (PlayerEventMap), src/element/transports/post-message.ts (message types, forwarded events),
 * src/element/styles.ts and src/preferences/theme.ts (`--ped-*` custom properties). Names come from those; the prose
 * for each name lives here, and the script fails when a name has no prose or prose has no name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p) => path.join(ROOT, p);
const read = (p) => fs.readFileSync(rel(p), 'utf8');

export const ELEMENT_FILE = 'src/element/player-element.ts';
const SEARCH_FILE = 'src/search/session.ts';
export const DOCS_FILE = 'docs/api.md';
export const MANIFEST_FILE = 'custom-elements.json';
const CLASS_NAME = 'PatientEdPlayerElement';

// ---------------------------------------------------------------------------------------------------------
// Prose for each name (the names themselves come from the source).

/** Core element properties (src/element/attributes.ts CORE_PROPS). */
const CORE_DOCS = {
  client: {
    text:
      'The client (practice) id. Without it the player reads `client`, `openthis` (or `code`) and the ' +
      "options from the host page's own query string (classic embed links, the iframe embed page).",
    values: 'a client id',
  },
  code: {
    text:
      'What to open: a playlist code (`A_...`) opens the player; a menu code (`root`, `vm`, ' +
      '`collections`, `presentations`, `playlists`, or containing `T_`, `L_`, `C_`, `G_`) opens the ' +
      'menu there. Changing it re-routes; removing it returns to the menu.',
    values: 'a code',
  },
  providerUrl: {
    text:
      'Base URL of the provider API (docs/provider-api.md). Without it, the origin that served the ' +
      'script (a content vendor serves both).',
    values: 'URL',
    default: "the script's origin (`https://cdn.example/` for `https://cdn.example/player/patient-ed-player.js`)",
  },
  apiUrl: { text: 'Overrides the API host.', values: 'URL', default: '`<provider-url>api/`' },
  deliveryUrl: {
    text: 'Overrides the content-delivery host (user preferences, meta records).',
    values: 'URL',
    default: '`<provider-url>cdn/`',
  },
  staticUrl: {
    text: 'Overrides the static-files host (thumbnails, posters, art).',
    values: 'URL',
    default: '`<provider-url>static/`',
  },
  brochureUrl: { text: 'Overrides the brochure host.', values: 'URL', default: '`<provider-url>brochures/`' },
  youtubeApiUrl: {
    text:
      'A self-hosted copy of the YouTube iframe API (loaded only when a YouTube item plays). From the ' +
      "attribute only YouTube's URL or one of the page's origin; another host only through the " +
      'property, set from script.',
    values: 'URL',
    default: "YouTube's",
  },
  vimeoApiUrl: {
    text:
      'A self-hosted copy of the Vimeo player SDK (loaded only when a Vimeo item plays). From the ' +
      "attribute only Vimeo's URL or one of the page's origin; another host only through the property, " +
      'set from script.',
    values: 'URL',
    default: "Vimeo's",
  },
  embedUrl: {
    text: "The iframe embed page offered in the Embed dialog's iframe code (it takes the same options as its query).",
    values: 'URL',
    default: '`embed.html` beside the script (the build ships one: dist/embed.html)',
  },
  requestTimeout: {
    text:
      'How long one provider request may take before it fails with a timeout (shown with "Try again", ' +
      'and an `error` event); `0` waits forever.',
    values: 'milliseconds',
    default: '`20000`',
  },
  loading: {
    text:
      '`lazy`: the player makes no request until it comes within about one viewport of the visible area; until ' +
      'then it shows a neutral outline of its screen, in the tab order (focusing it, or calling an action method, ' +
      'starts it at once), and `ready` fires once it has loaded; its video then loads its metadata and first frame ' +
      'only until it plays.',
    values: '`lazy` / `eager`',
    default: '`eager`',
  },
  contextMenu: {
    text: "`off` disables the right-click menu inside the player (the host page's own menu is never touched).",
    values: '`off`',
    default: 'on',
  },
};

/** Attributes the element reads itself, outside r2wc's props (checked to still be read in `file`). */
const EXTRA_ATTRIBUTES = {
  'allowed-origins': {
    file: 'src/element/player-behaviour.ts',
    text:
      'Origins (separated by spaces or commas) allowed to command the player through postMessage when ' +
      'it is embedded in an iframe; also the target of its events. Without it, any parent page may ' +
      "command it. Never read from the page's URL (the framing site writes that): an embed page sets " +
      'it in its own markup.',
    values: 'origins',
    default: '(none)',
  },
  // Read by the search chunk when the search dialog opens (attributes only: no properties).
  'search-app-id': {
    file: SEARCH_FILE,
    text:
      'Algolia application id of a hosted search index. With `search-api-key` and `search-index` set ' +
      "(here or in the client configuration's `search`), search uses that service; otherwise an index " +
      "built in the browser from the client's menu.",
    values: 'an application id',
    default: '(none)',
  },
  'search-api-key': {
    file: SEARCH_FILE,
    text: 'The search-only API key of that application (never an admin key: it is visible in the page).',
    values: 'a key',
    default: '(none)',
  },
  'search-index': {
    file: SEARCH_FILE,
    text: 'The index name; the "Title A–Z" sort uses its replicas `<index>_title_<language>_asc`.',
    values: 'an index name',
    default: '(none)',
  },
  'search-host': {
    file: SEARCH_FILE,
    text:
      "Overrides the search service's hosts (a proxy or an Algolia-compatible service such as the " +
      'reference provider).',
    values: 'URL',
    default: "Algolia's",
  },
  'search-operator': {
    file: SEARCH_FILE,
    text: 'How values of one search filter combine: `or` (any of them) or `and` (all of them).',
    values: '`or`, `and`',
    default: '`or`',
  },
};

const SWITCH = '`0` / `1`';
/** Preferences (src/preferences/defaults.ts) exposed as attributes. */
const PREFERENCE_DOCS = {
  autoplay: { text: 'Start playing when a playlist opens.', values: SWITCH },
  audio: { text: 'Sound on; `0` starts every item muted (see `ignoreaudio`).', values: SWITCH },
  cdn: { text: "Play the provider's alternate (CDN) video source.", values: SWITCH },
  searchNext: { text: 'Search option of the spec (`searchNext`).', values: SWITCH },
  subtitles: { text: 'Show captions.', values: SWITCH },
  audioDescriptions: { text: 'Audio descriptions on.', values: SWITCH },
  speed: {
    text: 'Playback speed, in percent of normal (the Speed setting); kept within 50 to 200.',
    values: '`50`, `75`, `100`, `125`, `150`, `175`, `200` (or any whole number between)',
  },
  googleAnalytics: { text: 'Dispatch `analytics` events.', values: SWITCH },
  keyboardShortcuts: { text: 'Keyboard shortcuts inside the player.', values: SWITCH },
  ignoreLocal: { text: "Ignore the viewer's saved choices (the local preference layer).", values: SWITCH },
  captionsButton: { text: 'Show the captions button.', values: SWITCH },
  menuAccess: { text: 'Let the viewer leave the player for the menu.', values: SWITCH },
  brochureButton: { text: 'Show the brochure button.', values: SWITCH },
  disclaimerButton: { text: 'Show the disclaimer button.', values: SWITCH },
  enlargeButton: { text: 'Show the full-screen button.', values: SWITCH },
  markupButton: { text: 'Show the markup (annotation) button.', values: SWITCH },
  searchButton: { text: 'Show the search button.', values: SWITCH },
  chaptersButton: { text: 'Show the chapters button.', values: SWITCH },
  shareButton: { text: 'Show the share button.', values: SWITCH },
  favoritesButton: { text: 'Show the favorites button.', values: SWITCH },
  audioDescriptionsButton: { text: 'Show the audio-descriptions button.', values: SWITCH },
  platform: {
    text:
      'The native wrapper the player runs in; in `ios` / `android` a screenshot becomes a `screenshot` event ' +
      'instead of a download.',
    values: '`ios`, `android`, `web`',
  },
  border: { text: 'Border around the player.', values: SWITCH },
  color: {
    text: 'Theme colour (sets `--ped-color`); a `#` is added to bare hex digits.',
    values: '`#RRGGBB`, `RRGGBB` or a colour name',
  },
  practice: { text: 'Practice name shown in the header.', values: 'text' },
  art: { text: 'Header art icon.', values: 'an icon name (`knee`, `caduceus`, `cardio`, `dental`)' },
  dynamicSharing: { text: 'Dynamic sharing links.', values: '`0` / `1` (`false` / `true`)' },
  voLanguage: { text: 'Voice-over (video) language; English when a playlist lacks it.', values: 'LANGUAGES' },
  ccLanguage: { text: 'Caption language; English when a playlist lacks it.', values: 'LANGUAGES' },
  menuLanguage: { text: 'Menu (interface) language.', values: 'LANGUAGES' },
  increaseContrast: { text: 'High-contrast colours.', values: SWITCH },
  reduceMotion: { text: 'No animations or transitions.', values: SWITCH },
  fontSize: { text: 'Text size, in percent (sets `--ped-text-scale`).', values: 'SCALE_OPTIONS' },
  scale: { text: 'Player scale, in percent (sets `--ped-scale`).', values: 'SCALE_OPTIONS' },
  ccFontFamily: { text: 'Caption font family.', values: 'a font list' },
  ccFontSize: {
    text: 'Caption size, 0.5 to 4 times the default.',
    values: 'a percentage (`100%`) or `rem` / `em` (`1.5rem`)',
  },
  ccFontColor: { text: 'Caption text colour.', values: '`#RRGGBB`' },
  ccFontOpacity: { text: 'Caption text opacity.', values: 'two hex digits (`FF`, `BF`, `00`)' },
  ccBackgroundColor: { text: 'Caption background colour.', values: '`#RRGGBB`' },
  ccBackgroundOpacity: { text: 'Caption background opacity.', values: 'two hex digits (`FF`, `BF`, `00`)' },
};

/** Element events' postMessage names are in post-message.ts; their prose is the JSDoc of PlayerEventMap. */

/** `--ped-*` custom properties (src/element/styles.ts, src/preferences/theme.ts). */
const CSS_PROPERTY_DOCS = {
  '--ped-color': 'Theme colour: header, buttons, progress (from the `color` option).',
  '--ped-scale':
    'Player scale factor, 1 = 100% (from the `scale` option). The text is 16px times scale times ' +
    'text scale, at most 4 (64px).',
  '--ped-text-scale': 'Text scale factor, 1 = 100% (from the `font-size` option, the Text size setting).',
  '--ped-fg': 'Text colour.',
  '--ped-bg': 'Background colour.',
  '--ped-muted': 'Secondary text colour.',
  '--ped-radius': 'Corner radius of cards, buttons and the stage.',
  '--ped-cc-font': 'Caption font family (from `cc-font-family`).',
  '--ped-cc-size': 'Caption size factor (from `cc-font-size`).',
  '--ped-cc-color': 'Caption text colour with alpha (from `cc-font-color` + `cc-font-opacity`).',
  '--ped-cc-bg': 'Caption background with alpha (from `cc-background-color` + `cc-background-opacity`).',
};

/**
 * CSS parts (`part="..."` in the screens): what the host page may style with `::part()`. Every part in the
 * sources must be described here, and every description must name a part in the sources.
 */
const CSS_PART_DOCS = {
  header: 'The practice bar at the top: name, art and the header buttons.',
  menu: 'The menu (browse) screen.',
  stage: 'The video or slide area.',
  controls: 'The control bar under the stage.',
  dialog: 'Every dialog and overlay panel (settings, share, transcript, ...).',
};

/** CommandError codes (src/commands/table.ts). */
const ERROR_DOCS = {
  unknown_command:
    'Not a command name. Methods cannot produce it; the transports ignore such messages without ' + 'answering.',
  invalid_argument:
    'An argument is missing, of the wrong type, out of range, not one of the allowed values, or ' +
    'there are too many. Nothing changed.',
  not_ready: "The player cannot do it yet (`navigate` before the client's configuration has loaded).",
  not_allowed: 'The command is not allowed here (reserved: no command raises it at present).',
  failed:
    'Anything else that went wrong; the transports answer every other error with this code (methods ' +
    'reject with the original error).',
};

// ---------------------------------------------------------------------------------------------------------
// Reading the source.

/** Modules the runtime tables are read from; any other import is stubbed out (nothing else runs). */
const TABLE_MODULES = [
  'src/commands/table.ts',
  'src/element/attributes.ts',
  'src/element/styles.ts',
  'src/preferences/theme.ts',
  'src/element/transports/post-message.ts',
  'src/preferences/defaults.ts',
  'src/i18n/languages.js',
  'src/preferences/query.ts',
  'src/core/analytics.ts',
  'src/core/player-states.ts',
].map((p) => rel(p));

async function loadTables() {
  const entry = `
    export { COMMANDS, HOST_COMMANDS } from './src/commands/table';
    export { CORE_PROPS, OPTION_PROPS, ELEMENT_PROPS, ELEMENT_EVENTS } from './src/element/attributes';
    export { SCALE_OPTIONS, themeCss } from './src/preferences/theme';
    export { MESSAGE_TYPES, FORWARDED_EVENTS } from './src/element/transports/post-message';
    export { DEFAULT_PREFERENCES, LANGUAGES } from './src/preferences/defaults';
    export { QUERY_ALIASES, LANGUAGE_QUERY_KEYS } from './src/preferences/query';
    export { ANALYTICS } from './src/core/analytics';
    export { PLAYER_STATE } from './src/core/player-states';
  `;
  const stubOthers = {
    name: 'stub-others',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.importer === '<stdin>' || args.kind === 'entry-point') return undefined;
        if (!args.path.startsWith('.')) return { path: args.path, namespace: 'stub' };
        const base = path.resolve(args.resolveDir, args.path);
        const file = ['', '.ts', '.tsx', '/index.ts']
          .map((ext) => base + ext)
          .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
        return file && TABLE_MODULES.includes(file) ? { path: file } : { path: base, namespace: 'stub' };
      });
      build.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
    },
  };
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts', sourcefile: '<stdin>' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'silent',
    plugins: [stubOthers],
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

const squash = (text) => text.replace(/\s+/g, ' ').replace(/\{ /g, '{ ').trim();

function parseSource(file) {
  return ts.createSourceFile(
    file,
    read(file),
    ts.ScriptTarget.ES2022,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

function findInterface(sf, name) {
  let found;
  sf.forEachChild((n) => {
    if (ts.isInterfaceDeclaration(n) && n.name.text === name) found = n;
  });
  if (!found) throw new Error(`${sf.fileName}: interface ${name} not found`);
  return found;
}

const jsDocText = (node) =>
  squash(
    (node.jsDoc ?? [])
      .map((d) => (typeof d.comment === 'string' ? d.comment : (d.comment ?? []).map((c) => c.text).join('')))
      .join(' '),
  );

/** Members of an interface: name -> { type, optional, doc, node }. */
function interfaceMembers(sf, name) {
  const out = new Map();
  for (const m of findInterface(sf, name).members) {
    if (!ts.isPropertySignature(m)) continue;
    out.set(m.name.getText(sf), {
      type: squash(m.type.getText(sf)),
      optional: Boolean(m.questionToken),
      doc: jsDocText(m),
      node: m,
    });
  }
  return out;
}

/** Interface source without `export` and comments, for the docs' type listings. */
const interfaceSource = (sf, name) =>
  findInterface(sf, name)
    .getText(sf)
    .replace(/^export\s+/, '');

function commandErrorCodes(sf) {
  let codes;
  const visit = (n) => {
    if (ts.isClassDeclaration(n) && n.name?.text === 'CommandError') {
      const ctor = n.members.find(ts.isConstructorDeclaration);
      const param = ctor?.parameters.find((p) => p.name.getText(sf) === 'code');
      if (param?.type && ts.isUnionTypeNode(param.type)) {
        codes = param.type.types.map((t) =>
          ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : undefined,
        );
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!codes || codes.includes(undefined)) throw new Error('src/commands/table.ts: CommandError code union not found');
  return codes;
}

/**
 * `CommandArgs` and `CommandResults` derive from the handlers in src/commands/table.ts: read them through
 * the type checker. Returns name -> { args: [{ name, type, optional }], result }.
 */
function derivedCommandTypes() {
  const file = rel('src/commands/table.ts');
  const program = ts.createProgram([file], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(file);
  const alias = (name) => {
    const node = sf.statements.find((n) => ts.isTypeAliasDeclaration(n) && n.name.text === name);
    if (!node) throw new Error(`src/commands/table.ts: type ${name} not found`);
    return { node, type: checker.getTypeAtLocation(node.name) };
  };
  const show = (type, at) =>
    squash(
      checker.typeToString(
        type,
        at,
        ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope,
      ),
    ).replace(/; }/g, ' }');
  const out = new Map();
  const args = alias('CommandArgs');
  for (const prop of checker.getPropertiesOfType(args.type)) {
    const tuple = checker.getTypeOfSymbolAtLocation(prop, args.node);
    if (!checker.isTupleType(tuple)) throw new Error(`CommandArgs.${prop.name} is not a tuple`);
    const target = tuple.target;
    const elements = checker.getTypeArguments(tuple).map((t, i) => {
      const decl = target.labeledElementDeclarations?.[i];
      if (!decl) throw new Error(`CommandArgs.${prop.name}: name every argument of its handler`);
      const optional = Boolean(target.elementFlags[i] & ts.ElementFlags.Optional);
      // An optional element's type carries `undefined`: the docs show it with `?` instead.
      const shown = optional && t.isUnion() ? t.types.filter((u) => !(u.flags & ts.TypeFlags.Undefined)) : [t];
      return { name: decl.name.getText(), type: shown.map((u) => show(u, args.node)).join(' | '), optional };
    });
    out.set(prop.name, { args: elements });
  }
  const results = alias('CommandResults');
  for (const prop of checker.getPropertiesOfType(results.type)) {
    const entry = out.get(prop.name) ?? { args: [] };
    entry.result = show(checker.getTypeOfSymbolAtLocation(prop, results.node), results.node);
    out.set(prop.name, entry);
  }
  return out;
}

/** Each command's description: the JSDoc of its entry in the COMMANDS map (not shipped at run time). */
function commandDescriptions(sf) {
  const out = new Map();
  const visit = (n) => {
    if (ts.isVariableDeclaration(n) && n.name.getText(sf) === 'COMMANDS' && n.initializer) {
      let init = n.initializer;
      while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init) || ts.isParenthesizedExpression(init))
        init = init.expression;
      for (const prop of init.properties)
        if (ts.isPropertyAssignment(prop)) out.set(prop.name.getText(sf), jsDocText(prop));
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** r2wc's attribute name for a prop (its own rule: `providerUrl` -> `provider-url`). */
export const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, (_, a, b) => `${a}-${b.toLowerCase()}`);

const cssCustomProperties = (text) => [...new Set([...text.matchAll(/(--ped-[a-z0-9-]+)\s*:/g)].map((m) => m[1]))];
const declarations = (css) =>
  Object.fromEntries([...css.matchAll(/(--ped-[a-z0-9-]+)\s*:\s*([^;}]+)/g)].map((m) => [m[1], m[2].trim()]));

/** Everything the generated docs say, read from the source. */
export async function loadApi() {
  const t = await loadTables();
  const tableSf = parseSource('src/commands/table.ts');
  const eventsSf = parseSource('src/core/events.ts');
  const analyticsSf = parseSource('src/core/analytics.ts');
  const eventsText = read('src/core/events.ts');
  const stylesText = read('src/element/styles.ts') + read('src/preferences/theme.ts');
  const problems = [];

  // Attributes.
  const langValues = t.LANGUAGES.map((l) => `\`${l}\``).join(', ');
  const scaleValues = t.SCALE_OPTIONS.join(', ');
  const defaultText = (v) => (v === '' ? '(empty)' : typeof v === 'boolean' ? `\`${Number(v)}\`` : `\`${v}\``);
  const prefDoc = (key) => {
    const d = PREFERENCE_DOCS[key];
    if (!d) return undefined;
    const values = d.values === 'LANGUAGES' ? langValues : d.values === 'SCALE_OPTIONS' ? scaleValues : d.values;
    return { text: d.text, values, default: defaultText(t.DEFAULT_PREFERENCES[key]) };
  };
  const attributes = [];
  for (const prop of t.ELEMENT_PROPS) {
    let doc;
    let kind = 'option';
    if (Object.hasOwn(CORE_DOCS, prop)) {
      kind = 'core';
      const d = CORE_DOCS[prop];
      doc = { ...d, default: d.default ?? '(none)' };
    } else if (t.LANGUAGE_QUERY_KEYS.includes(prop)) {
      doc = {
        text: 'Sets menu, caption and voice-over languages together.',
        values: langValues,
        default: defaultText(t.DEFAULT_PREFERENCES.menuLanguage),
      };
    } else if (Object.hasOwn(t.QUERY_ALIASES, prop) && t.QUERY_ALIASES[prop].key !== prop) {
      const alias = t.QUERY_ALIASES[prop];
      const target = prefDoc(alias.key);
      if (target) {
        const invert = alias.invert ? ' inverted (`1` = sound off)' : '';
        doc = {
          text: `Alias of \`${kebab(alias.key)}\`${invert}.`,
          values: target.values,
          default: alias.invert ? defaultText(1 - t.DEFAULT_PREFERENCES[alias.key]) : target.default,
        };
      }
    } else {
      doc = prefDoc(prop);
    }
    if (!doc) {
      problems.push(`attribute ${kebab(prop)} (${prop}) has no description in scripts/gen-element-docs.mjs`);
      continue;
    }
    attributes.push({ name: kebab(prop), prop, kind, ...doc });
  }
  for (const [name, d] of Object.entries(EXTRA_ATTRIBUTES)) {
    if (!read(d.file).includes(`'${name}'`)) problems.push(`${d.file} no longer reads the ${name} attribute`);
    attributes.push({ name, prop: undefined, kind: 'core', text: d.text, values: d.values, default: d.default });
  }
  const usedPrefDocs = new Set(t.ELEMENT_PROPS.flatMap((p) => [p, t.QUERY_ALIASES[p]?.key].filter(Boolean)));
  for (const key of Object.keys(PREFERENCE_DOCS))
    if (!usedPrefDocs.has(key)) problems.push(`PREFERENCE_DOCS.${key} is not an attribute any more`);
  for (const key of Object.keys(CORE_DOCS))
    if (!t.CORE_PROPS.includes(key)) problems.push(`CORE_DOCS.${key} is not a core prop any more`);
  if (!read('src/element/element-kit.ts').includes('ELEMENT_PROPS.map'))
    problems.push('src/element/element-kit.ts no longer builds its props from ELEMENT_PROPS');

  // Events: all bubble and are composed (dispatchPlayerEvent, r2wc's ELEMENT_EVENTS, the `result` answer).
  const eventMap = interfaceMembers(eventsSf, 'PlayerEventMap');
  if (!/new CustomEvent\(name, \{ detail, bubbles: true, composed: true \}\)/.test(eventsText)) {
    problems.push(
      'src/core/events.ts: dispatchPlayerEvent no longer dispatches with bubbles and composed; update the docs',
    );
  }
  for (const [prop, init] of Object.entries(t.ELEMENT_EVENTS)) {
    const name = prop.replace(/^on/, '').toLowerCase();
    if (!eventMap.has(name)) problems.push(`r2wc event ${name} is missing from PlayerEventMap`);
    if (!init.bubbles || !init.composed) problems.push(`r2wc event ${name} does not bubble or is not composed`);
  }
  const events = [...eventMap].map(([name, m]) => {
    if (!m.doc) problems.push(`PlayerEventMap.${name} has no JSDoc`);
    return { name, detail: m.type, text: m.doc, message: t.FORWARDED_EVENTS[name] };
  });
  for (const name of Object.keys(t.FORWARDED_EVENTS))
    if (!eventMap.has(name)) problems.push(`FORWARDED_EVENTS.${name} is not in PlayerEventMap`);

  // Methods.
  const typed = derivedCommandTypes();
  const descriptions = commandDescriptions(tableSf);
  const methods = t.HOST_COMMANDS.map((name) => {
    const spec = t.COMMANDS[name];
    const tuple = typed.get(name)?.args;
    const result = typed.get(name)?.result;
    if (!tuple || !result) problems.push(`command ${name} is missing from CommandArgs or CommandResults`);
    if (tuple && tuple.length !== spec.args.length)
      problems.push(`COMMANDS.${name}: its handler's parameters and its args differ`);
    const args = spec.args.map((a, i) => {
      if (tuple?.[i] && tuple[i].name !== a.name)
        problems.push(`COMMANDS.${name}: the handler's argument ${i} is ${tuple[i].name}, its args say ${a.name}`);
      return { name: a.name, type: tuple?.[i]?.type ?? a.type, optional: Boolean(a.optional), rule: argRule(a) };
    });
    const description = descriptions.get(name);
    if (!description) problems.push(`COMMANDS.${name} has no JSDoc (its description in the docs)`);
    return { name, mode: spec.mode, description, args, result: result ?? 'unknown' };
  });
  for (const name of typed.keys())
    if (!t.HOST_COMMANDS.includes(name)) problems.push(`${name} is typed but is not a host command`);

  // Errors.
  const errorCodes = commandErrorCodes(tableSf).map((code) => {
    if (!ERROR_DOCS[code]) problems.push(`CommandError code ${code} has no description`);
    return { code, text: ERROR_DOCS[code] };
  });
  for (const code of Object.keys(ERROR_DOCS))
    if (!errorCodes.some((e) => e.code === code)) problems.push(`ERROR_DOCS.${code} is not a CommandError code`);

  // CSS custom properties: every declared --ped-* name; defaults from the :host rule and the default theme.
  const hostBlock = /:host\s*\{([^}]*)\}/.exec(stylesText)?.[1] ?? '';
  const defaults = { ...declarations(hostBlock), ...declarations(t.themeCss({ ...t.DEFAULT_PREFERENCES })) };
  const cssProperties = cssCustomProperties(stylesText).map((name) => {
    if (!CSS_PROPERTY_DOCS[name]) problems.push(`CSS custom property ${name} has no description`);
    return { name, text: CSS_PROPERTY_DOCS[name], default: defaults[name] };
  });
  for (const name of Object.keys(CSS_PROPERTY_DOCS))
    if (!cssProperties.some((c) => c.name === name))
      problems.push(`${name} is not declared in src/element/styles.ts or src/preferences/theme.ts`);
  const walk = (dir) =>
    fs
      .readdirSync(rel(dir), { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const sources = walk('src').filter((f) => /\.tsx?$/.test(f));
  const partNames = new Set();
  for (const f of sources) {
    const text = read(f);
    if (/\bpart=\{|exportparts/.test(text))
      problems.push(`${f}: name CSS parts with literal part="..." attributes (the docs read them)`);
    for (const m of text.matchAll(/\bpart="([^"]+)"/g)) for (const name of m[1].split(/\s+/)) partNames.add(name);
  }
  for (const name of partNames)
    if (!CSS_PART_DOCS[name]) problems.push(`CSS part ${name} has no description (CSS_PART_DOCS)`);
  const cssParts = Object.entries(CSS_PART_DOCS).map(([name, text]) => {
    if (!partNames.has(name)) problems.push(`CSS_PART_DOCS.${name} is not a part in src/`);
    return { name, text };
  });

  if (problems.length)
    throw new Error(`The source tables and the docs' prose disagree:\n  - ${problems.join('\n  - ')}`);

  return {
    attributes,
    events,
    methods,
    errorCodes,
    cssProperties,
    cssParts,
    messageTypes: t.MESSAGE_TYPES,
    playerStates: t.PLAYER_STATE,
    analytics: t.ANALYTICS,
    types: {
      ItemInfo: interfaceSource(tableSf, 'ItemInfo'),
      PlaylistInfo: interfaceSource(tableSf, 'PlaylistInfo'),
      AnalyticsEvent: interfaceSource(analyticsSf, 'AnalyticsEvent'),
    },
  };
}

function argRule(a) {
  if (a.type === 'number') {
    const parts = [a.integer ? 'integer' : 'number'];
    if (a.min !== undefined && a.max !== undefined) parts.push(`${a.min}..${a.max}`);
    else if (a.min !== undefined) parts.push(`≥ ${a.min}`);
    else if (a.max !== undefined) parts.push(`≤ ${a.max}`);
    if (a.clamp) parts.push('(clamped)');
    return parts.join(' ');
  }
  if (a.oneOf) return a.oneOf.map((v) => `\`'${v}'\``).join(', ');
  const parts = [a.optional ? 'optional string' : 'string'];
  if (a.pattern) parts.push(`matching \`${a.pattern.source}\``);
  parts.push(`(at most ${a.maxLength.toLocaleString('en-US')} characters)`);
  return parts.join(' ');
}

// ---------------------------------------------------------------------------------------------------------
// Writing.

const cell = (s) =>
  String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');

const signature = (m) => `${m.name}(${m.args.map((a) => `${a.name}${a.optional ? '?' : ''}`).join(', ')})`;
const returnType = (m) => (m.mode === 'get' ? m.result : `Promise<${m.result}>`);
/** How a method answers, after its description in the manifest. */
const modeNote = (m) =>
  m.mode === 'get'
    ? 'Getter: answers synchronously; throws a CommandError.'
    : 'Action: answers with a Promise; rejects with a CommandError.';

/** The generated parts of docs/api.md, by marker name. */
export function docSections(api) {
  return {
    attributes: table(
      ['Attribute', 'Property', 'Values', 'Default', 'Meaning'],
      api.attributes.map((a) => [`\`${a.name}\``, a.prop ? `\`${a.prop}\`` : '-', a.values, a.default, a.text]),
    ),
    methods: table(
      ['Method', 'Arguments', 'Result', 'Meaning'],
      api.methods.map((m) => [
        `\`${signature(m)}\``,
        m.args.length ? m.args.map((a) => `\`${a.name}\`: ${a.rule}`).join('; ') : '-',
        `\`${returnType(m)}\``,
        m.description,
      ]),
    ),
    'command-payloads': table(
      ['Command', 'Payload (CustomEvent detail / postMessage payload)', 'Kind'],
      api.methods.map((m) => [
        `\`${m.name}\``,
        `\`{ command: '${m.name}', id${m.args.map((a) => `, ${a.name}${a.optional ? '?' : ''}`).join('')} }\``,
        m.mode === 'get' ? 'getter' : 'action',
      ]),
    ),
    errors: table(
      ['`error.code`', 'When'],
      api.errorCodes.map((e) => [`\`${e.code}\``, e.text]),
    ),
    events: table(
      ['Event', '`detail`', 'postMessage `event`', 'Meaning'],
      api.events.map((e) => [
        `\`${e.name}\``,
        `\`${e.detail}\``,
        e.message ? `\`${e.message}\`` : '(not forwarded)',
        e.text,
      ]),
    ),
    'message-types': table(
      ['Direction', '`type`', '`payload`'],
      [
        [
          'page -> player',
          `\`${api.messageTypes.command}\``,
          '`{ command, id, ...args }` (see the payload table above)',
        ],
        ['player -> page', `\`${api.messageTypes.result}\``, '`{ id, result }` or `{ id, error: { code, message } }`'],
        [
          'player -> page',
          `\`${api.messageTypes.event}\``,
          "`{ event, data }`: `event` from the events table, `data` the event's `detail`",
        ],
      ],
    ),
    'css-properties': table(
      ['Custom property', 'Default', 'Meaning'],
      api.cssProperties.map((c) => [`\`${c.name}\``, c.default ? `\`${c.default}\`` : '-', c.text]),
    ),
    'css-parts': table(
      ['Part', 'What it is'],
      api.cssParts.map((p) => [`\`${p.name}\``, p.text]),
    ),
    types: [
      '```ts',
      `/** ${Object.entries(api.playerStates)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')} */`,
      `type PlayerStateValue = ${Object.values(api.playerStates).join(' | ')};`,
      '',
      api.types.ItemInfo,
      '',
      api.types.PlaylistInfo,
      '',
      api.types.AnalyticsEvent,
      `/** ${Object.entries(api.analytics)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')} */`,
      `type AnalyticsType = ${Object.values(api.analytics).join(' | ')};`,
      '```',
    ].join('\n'),
  };
}

/** The class JSDoc of PatientEdPlayerElement. */
export function classJsDoc(api) {
  const lines = [
    '`<patient-ed-player>`: an embeddable patient-education player. The whole public API: docs/api.md.',
    '',
    'Every attribute but `allowed-origins` and `search-*` also has a property of its camelCase name ' +
      '(`provider-url` ->',
    '`providerUrl`). The methods,',
    'one per host command of src/commands/table.ts (`PlayerMethods`), are defined from that table after the',
    'class; custom-elements.json lists them all.',
    '',
    'This JSDoc is generated by scripts/gen-element-docs.mjs from the attribute, event and style tables',
    '(`npm run docs`); `npm test` fails when it is out of date.',
    '',
    '@element patient-ed-player',
    '',
    ...api.attributes.flatMap((a) =>
      wrapTag('attr', 'string', a.name, `${a.text} Values: ${a.values}. Default: ${a.default}.`),
    ),
    '',
    ...api.events.flatMap((e) => wrapTag('fires', `CustomEvent<${e.detail}>`, e.name, e.text)),
    '',
    ...api.cssProperties.flatMap((c) =>
      wrapTag('cssprop', '', c.name, `${c.text}${c.default ? ` Default: \`${c.default}\`.` : ''}`),
    ),
    '',
    ...api.cssParts.flatMap((p) => wrapTag('csspart', '', p.name, p.text)),
  ];
  return ['/**', ...lines.map((l) => (l ? ` * ${l}` : ' *')), ' */'].join('\n');
}

/** Width of a JSDoc line's text after ` * `, so that the generated lines stay within 120 characters. */
const JSDOC_WIDTH = 120 - ' * '.length;

/**
 * A JSDoc tag (`@tag {type} name - text`) as lines of at most JSDOC_WIDTH characters, the lines after the first
 * indented by two spaces. The analyzer (comment-parser, compact spacing) trims each line and joins a description's
 * lines with one space, so the text breaks only at a single space between two words, and never before a word that
 * starts with `@` (a continuation line starting with `@` would be read as a new tag). The end of the type, the name
 * and the `-` stay on one line (the analyzer reads the name on the line where the type ends). A type broken over
 * lines is joined without its spaces: manifestPlugin writes the event types again from the table. A word longer
 * than a line stays whole.
 */
function wrapTag(tag, type, name, text) {
  const words = (s) => s.split(/(?<=\S) (?=\S)/);
  const head = type ? words(`{${type}}`) : [];
  head.push(`${head.pop() ?? ''} ${name} -`.trimStart());
  const lines = [];
  let line = `@${tag}`;
  for (const word of [...head, ...words(text)]) {
    if (line.length + 1 + word.length <= JSDOC_WIDTH || word.startsWith('@')) {
      line += ` ${word}`;
    } else {
      lines.push(line);
      line = `  ${word}`;
    }
  }
  lines.push(line);
  return lines;
}

/** Replace the JSDoc block right above `export class PatientEdPlayerElement`. */
export function withClassJsDoc(source, jsDoc) {
  const at = source.indexOf(`export class ${CLASS_NAME}`);
  if (at < 0) throw new Error(`${ELEMENT_FILE}: export class ${CLASS_NAME} not found`);
  const before = source.slice(0, at);
  const end = before.lastIndexOf('*/');
  const start = before.lastIndexOf('/**', end);
  if (start < 0 || end < 0 || before.slice(end + 2).trim() !== '')
    throw new Error(`${ELEMENT_FILE}: no JSDoc block right above class ${CLASS_NAME}`);
  return `${source.slice(0, start)}${jsDoc}\n${source.slice(at)}`;
}

/** Replace each `<!-- BEGIN GENERATED: name -->...<!-- END GENERATED: name -->` region of the docs. */
export function withDocSections(markdown, sections) {
  let out = markdown;
  for (const [name, body] of Object.entries(sections)) {
    const re = new RegExp(`(<!-- BEGIN GENERATED: ${name} -->\\n)[\\s\\S]*?(<!-- END GENERATED: ${name} -->)`);
    if (!re.test(out)) throw new Error(`${DOCS_FILE}: the markers of the generated section "${name}" are missing`);
    out = out.replace(re, (_, open, close) => `${open}${body}\n${close}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// custom-elements.json

/**
 * Analyzer plugin: completes the manifest of the class JSDoc with what the analyzer cannot see (members
 * added at run time by r2wc and by the command table) and drops internals.
 */
export function manifestPlugin(api) {
  return {
    name: 'patient-ed-player: element api',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        const decl = mod.declarations?.find((d) => d.kind === 'class' && d.name === CLASS_NAME);
        if (!decl) continue;
        decl.superclass = { name: 'HTMLElement', package: 'global:' };
        const declared = new Map(
          (decl.members ?? [])
            .filter(
              (m) => m.name && m.privacy !== 'private' && !m.name.startsWith('[') && m.name !== 'adoptedStyleSheets',
            )
            .map((m) => [m.name, m]),
        );
        const members = [];
        for (const a of api.attributes) {
          if (!a.prop) continue;
          const m = declared.get(a.prop) ?? { kind: 'field', name: a.prop };
          declared.delete(a.prop);
          members.push({
            ...m,
            type: { text: 'string | undefined' },
            description: `Reflects the \`${a.name}\` attribute. ${a.text}`,
            attribute: a.name,
            reflects: true,
          });
        }
        members.push(...declared.values());
        for (const m of api.methods) {
          members.push({
            kind: 'method',
            name: m.name,
            description: `${m.description} ${modeNote(m)}`,
            parameters: m.args.map((a) => ({
              name: a.name,
              type: { text: a.type },
              ...(a.optional ? { optional: true } : {}),
              description: a.rule,
            })),
            return: { type: { text: returnType(m) } },
          });
        }
        decl.members = members;
        for (const attr of decl.attributes ?? []) {
          const a = api.attributes.find((x) => x.name === attr.name);
          if (a?.prop) attr.fieldName = a.prop;
          if (a && /^`[^`]*`$/.test(a.default)) attr.default = a.default.slice(1, -1);
        }
        for (const ev of decl.events ?? []) {
          const e = api.events.find((x) => x.name === ev.name);
          if (e) ev.type = { text: `CustomEvent<${e.detail}>` };
        }
        for (const css of decl.cssProperties ?? []) {
          const c = api.cssProperties.find((x) => x.name === css.name);
          if (c?.default) css.default = c.default;
        }
        // A re-export (`export { TAG_NAME } from '../core/tag-name'`) is written with its specifier: the module's path.
        for (const e of mod.exports ?? []) {
          const from = e.declaration?.module;
          if (!from?.startsWith('.')) continue;
          const base = path.posix.join(path.posix.dirname(mod.path), from);
          const file = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) =>
            fs.statSync(rel(f), { throwIfNoEntry: false })?.isFile(),
          );
          if (file) e.declaration.module = file;
        }
        if (!mod.exports?.some((e) => e.kind === 'custom-element-definition')) {
          mod.exports = [
            ...(mod.exports ?? []),
            {
              kind: 'custom-element-definition',
              name: decl.tagName,
              declaration: { name: CLASS_NAME, module: mod.path },
            },
          ];
        }
      }
    },
  };
}

/** The manifest of an element source text, as `cem analyze` writes it. */
export async function manifestFor(api, elementSource) {
  const { create, ts: cemTs } = await import('@custom-elements-manifest/analyzer');
  const modules = [cemTs.createSourceFile(ELEMENT_FILE, elementSource, cemTs.ScriptTarget.ES2015, true)];
  const manifest = create({ modules, plugins: [manifestPlugin(api)], context: { dev: false } });
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The JSX typing's attribute names (src/react-jsx.ts, a type derived from the same tables) must be the element's. */
function checkJsxAttributes(api) {
  const configFile = ts.readConfigFile(rel('tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  const file = rel('src/react-jsx.ts');
  const program = ts.createProgram([file], { ...options, noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(file);
  const alias = sf?.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === 'PlayerAttributeName');
  if (!alias) throw new Error('src/react-jsx.ts: type PlayerAttributeName not found');
  const type = checker.getTypeAtLocation(alias.name);
  const names = new Set(
    (type.isUnion() ? type.types : [type]).map((x) => (x.isStringLiteral() ? x.value : checker.typeToString(x))),
  );
  const expected = new Set(api.attributes.map((a) => a.name));
  const missing = [...expected].filter((n) => !names.has(n));
  const extra = [...names].filter((n) => !expected.has(n));
  if (missing.length || extra.length) {
    throw new Error(
      "src/react-jsx.ts PlayerAttributeName differs from the element's attributes: " +
        `missing ${missing.join(', ') || '-'}; extra ${extra.join(', ') || '-'}`,
    );
  }
}

async function main() {
  const check = process.argv.includes('--check');
  const api = await loadApi();
  checkJsxAttributes(api);

  const elementNow = read(ELEMENT_FILE);
  const elementNext = withClassJsDoc(elementNow, classJsDoc(api));
  const docsNow = read(DOCS_FILE);
  const docsNext = withDocSections(docsNow, docSections(api));
  const manifestNow = fs.existsSync(rel(MANIFEST_FILE)) ? read(MANIFEST_FILE) : '';
  const manifestNext = await manifestFor(api, elementNext);

  const outputs = [
    [ELEMENT_FILE, elementNow, elementNext],
    [DOCS_FILE, docsNow, docsNext],
    [MANIFEST_FILE, manifestNow, manifestNext],
  ];
  const stale = outputs.filter(([, now, next]) => now !== next).map(([file]) => file);
  if (check) {
    if (stale.length) {
      console.error(
        `Out of date: ${stale.join(', ')}. Run npm run docs (node scripts/gen-element-docs.mjs) and commit the result.`,
      );
      process.exit(1);
    }
    const counts = [
      `${api.attributes.length} attributes`,
      `${api.methods.length} methods`,
      `${api.events.length} events`,
      `${api.cssProperties.length} CSS properties`,
      `${api.cssParts.length} CSS parts`,
    ];
    console.log(`Element docs up to date: ${counts.join(', ')}.`);
    return;
  }
  for (const [file, now, next] of outputs) {
    if (now !== next) fs.writeFileSync(rel(file), next);
  }
  console.log(stale.length ? `Updated ${stale.join(', ')}.` : 'Element docs already up to date.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
