// @ts-check
/**
 * The interface languages, declared once. Preferences, the `setLanguage` command, the search records and the
 * reference provider all read this list; it is plain JavaScript because the provider (demo/provider/server.mjs,
 * plain Node) imports it through src/search/engine.js.
 */
export const LANGUAGES = /** @type {const} */ (['en', 'es', 'de', 'ar', 'pt']);
