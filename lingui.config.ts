import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Two catalogs per language: `messages` for what the entry chunk shows (menu, errors, modal titles), and
 * `player` for the player screen, its control bar, its modal bodies and the notices, loaded with the
 * player's chunks (src/i18n/locales.ts). A message used on both sides is in both catalogs.
 */
const PLAYER_SOURCES = [
  '<rootDir>/src/screens/player-screen.tsx',
  '<rootDir>/src/screens/player-controls.tsx',
  '<rootDir>/src/screens/notices.tsx',
  '<rootDir>/src/screens/modals/player-modals.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'de', 'ar', 'pt'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/player', include: PLAYER_SOURCES },
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: PLAYER_SOURCES },
  ],
  format: formatter({ origins: false, lineNumbers: false }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
});
