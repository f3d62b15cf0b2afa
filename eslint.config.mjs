// Lint (`npm run lint`): type-aware TypeScript rules, the React hooks rules and JSX accessibility for src/ and test/;
// the recommended JavaScript rules for the Node scripts, the reference provider, the demo pages and the benches. Each
// group of files gets the globals of the place it runs in. A rule is disabled only where it is configured below or
// with a comment saying why.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // test/types/ holds type tests of the published declarations (`npm run typecheck:consumer`, check-package.mjs): the
  // types they import exist only after a build, and their lines are `@ts-expect-error` cases and values made only to
  // be type-checked.
  { ignores: ['dist/', '.tmp/', 'node_modules/', 'locales/', 'stubs/', 'custom-elements.json', 'test/types/'] },
  js.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: globals.browser,
    },
  },
  { files: ['src/**/*.tsx', 'test/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The tests run in the browser under mocha (web-test-runner).
    files: ['test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.mocha } },
    rules: {
      // Chai's property assertions (`expect(x).to.exist`) are expressions by design.
      '@typescript-eslint/no-unused-expressions': 'off',
      // @open-wc/semantic-dom-diff adds to chai's `Equal` a signature returning a Promise (for its DOM snapshots), so
      // every `expect(x).to.equal(y)` would read as a floating promise; chai's own `equal` is synchronous.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'Equal', package: 'chai' }] },
      ],
    },
  },
  // Code that runs in Node: the build and check scripts, the tool configurations, the demo's servers and the benches.
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    // The benches drive Chromium through puppeteer: the functions they hand to `page.evaluate` and
    // `page.waitForFunction` run in the page, where the browser's globals exist.
    files: ['bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Code that runs in the browser: the demo pages' scripts, the JavaScript in src/ and the test fixtures.
  {
    files: ['demo/**/*.js', 'src/**/*.js', 'test/fixtures/**/*.js', 'bench/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
);
