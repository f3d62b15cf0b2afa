// Lint (`npm run lint`): type-aware TypeScript rules, the React hooks rules and JSX accessibility for src/ and test/;
// the recommended JavaScript rules for the Node scripts, the reference provider, the demo pages and the benches. A rule
// is disabled only where it is configured below or with a comment saying why.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.tmp/', 'node_modules/', 'locales/', 'stubs/', 'custom-elements.json', 'test/types/'] },
  js.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname }, globals: globals.browser },
  },
  { files: ['src/**/*.tsx', 'test/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Chai's property assertions (`expect(x).to.be.true`) are expressions; mocha's `it` returns nothing to await.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off', '@typescript-eslint/no-floating-promises': 'off' },
  },
  { files: ['**/*.mjs', 'scripts/**/*.js', 'bench/**/*.js'], languageOptions: { globals: globals.node } },
  { files: ['demo/**/*.js', 'src/**/*.js', 'test/fixtures/**/*.js'], languageOptions: { globals: globals.browser } },
);
