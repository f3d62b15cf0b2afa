import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LANGUAGES } from './src/i18n/languages.js';

/**
 * Catalogs per language: `messages` for the first screens (menu, errors, modal titles; English ships in the entry
 * chunk, and the interface chunk's menu and shell use it); `player` for the player screen, its control bar, its
 * modal bodies and the notices; `settings` for the shared modal set (settings, share, embed). Each loads with what
 * shows it (src/i18n/locales.ts); a message used in two is in both.
 */
const PLAYER_SOURCES = [
  '<rootDir>/src/screens/player-screen.tsx',
  '<rootDir>/src/screens/player-controls.tsx',
  '<rootDir>/src/screens/control-seek-bar.tsx',
  '<rootDir>/src/screens/control-more-menu.tsx',
  '<rootDir>/src/screens/notices.tsx',
  '<rootDir>/src/screens/modals/player-modals.tsx',
];

/** The shared modal set's screens (settings, share, embed). */
const SETTINGS_SOURCES = [
  '<rootDir>/src/screens/modals/settings-*.tsx',
  '<rootDir>/src/screens/modals/settings-options.ts',
  '<rootDir>/src/screens/modals/share-modals.tsx',
];

/** The annotation overlay (a chunk of its own; its catalog is requested with it). */
const ANNOTATION_SOURCES = ['<rootDir>/src/annotation/**'];

/** The search dialog (a chunk of its own). */
const SEARCH_SOURCES = ['<rootDir>/src/search/**'];

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANGUAGES],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/player', include: PLAYER_SOURCES },
    { path: '<rootDir>/locales/{locale}/settings', include: SETTINGS_SOURCES },
    { path: '<rootDir>/locales/{locale}/search', include: SEARCH_SOURCES },
    { path: '<rootDir>/locales/{locale}/annotation', include: ANNOTATION_SOURCES },
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...PLAYER_SOURCES, ...SETTINGS_SOURCES, ...SEARCH_SOURCES, ...ANNOTATION_SOURCES],
    },
  ],
  format: formatter({ origins: false, lineNumbers: false }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
});
