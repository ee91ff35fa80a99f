// Lint for the whole workspace. The import boundaries are the architecture: a remote imports only
// shared-sdk and its own code; shared-sdk imports no app; the shell imports no remote's code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import apiModules from './tools/eslint/module-pairs.mjs';

const apps = ['shell', 'mfe-onboarding', 'mfe-public', 'mfe-account', 'mfe-ops'];
const others = (self) =>
  ['shell', 'mfe-onboarding', 'mfe-public', 'mfe-account', 'mfe-ops', 'api', 'deploy'].filter((w) => w !== self);

/** Forbid a workspace from reaching into the others, by relative path or by package name. */
/** React Router comes only through the shared module that re-exports it (one router context). */
const routerRule = {
  paths: ['react-router', 'react-router-dom', 'react-router/dom'].map((name) => ({
    name,
    message: "Import routing from '@giftlane/shared-sdk/router': a direct import bundles a second React Router.",
  })),
};

function boundaries(self) {
  return {
    files: [`${self}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...routerRule,
          patterns: [
            {
              group: others(self)
                .map((w) => `@giftlane/${w}`)
                .concat(others(self).map((w) => `**/${w}/**`)),
              message: `${self} may import only @giftlane/shared-sdk and its own code.`,
            },
          ],
        },
      ],
    },
  };
}

/**
 * A feature folder of an app (src/features/<name>) imports no other feature: what two features
 * share goes to a shared folder of the app (src/lib, src/components).
 */
function featureZones(app) {
  const dir = `${app}/src/features`;
  const entries = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : [];
  const features = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  return features.map((f) => ({
    target: `./${dir}/${f}`,
    from: `./${dir}`,
    except: [`./${f}`],
    message: `Feature '${f}' imports no other feature: move what both use to src/lib or src/components.`,
  }));
}

const noSqlInRoutes = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(query|exec)$/]",
  message: "SQL belongs in the module's repo.ts: call a repo or service function from the route.",
};
const noAuditInRoutes = {
  selector: "CallExpression[callee.name='audit']",
  message: 'The audit row is written by the service, inside the transaction of the action it records.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/.releases/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/@mf-types/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'import-x/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
    // The cycle check follows our own files only (PGlite's bundled files are too deep for it). The
    // resolver maps the api's ESM specifiers ('./repo.js') and the apps' extensionless ones to the
    // TypeScript files; without it no import resolves and the check passes whatever the cycles.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
    },
  },
  ...apps.map(boundaries),
  boundaries('api'),
  // An api module uses another through its service (or a service decorated onto the app), never
  // through its routes: routes are the outside of a module.
  {
    files: ['api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...routerRule,
          patterns: [
            ...boundaries('api').rules['no-restricted-imports'][1].patterns,
            {
              group: ['../*/routes.js', '../*/*-routes.js', '../*/routes', '../*/*-routes'],
              message: "Use the other module's service, not its routes.",
            },
          ],
        },
      ],
    },
  },
  // Components read data through their feature's api.ts and the stores through useStores(), never
  // through the SDK singleton itself; the shell's bootstrap is the one composition root.
  {
    files: ['shell/src/**/*.tsx', 'mfe-*/src/**/*.tsx'],
    ignores: ['**/__tests__/**', '**/*.test.tsx', 'shell/src/bootstrap.tsx', 'mfe-onboarding/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='getSdk']",
          message:
            "A component reads data through its feature's api.ts and the stores through useStores(), not getSdk().",
        },
      ],
    },
  },
  // One test setup: a screen's test answers its calls with wire replies through
  // @giftlane/shared-sdk/testing; nobody hand-builds the SDK.
  {
    files: [
      'shell/src/**/__tests__/**/*.{ts,tsx}',
      'mfe-*/src/**/__tests__/**/*.{ts,tsx}',
      'shell/src/**/*.test.{ts,tsx}',
      'mfe-*/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='jest'][callee.property.name='mock'][arguments.0.value='@giftlane/" +
            "shared-sdk']",
          message:
            'Answer the calls with wire replies through @giftlane/shared-sdk/testing (testApi) instead of mocking ' +
            'the SDK.',
        },
      ],
    },
  },
  // Routes parse and answer: the SQL is in the module's repo, and an audit row is
  // written by the service whose transaction it records.
  {
    files: ['api/src/modules/**/routes.ts', 'api/src/modules/**/*-routes.ts'],
    rules: {
      'no-restricted-syntax': ['error', noSqlInRoutes, noAuditInRoutes],
    },
  },
  // The operator's routes (and the provider's webhook) open no transaction: each staff action is one
  // service function with its own transaction and audit row.
  {
    files: [
      'api/src/modules/ops/**/*.ts',
      'api/src/modules/app/ops-routes.ts',
      'api/src/modules/payment/webhook-routes.ts',
    ],
    ignores: [
      'api/src/modules/ops/**/*-service.ts',
      'api/src/modules/ops/**/*repo.ts',
      'api/src/modules/ops/{four-eyes,corrections,sign-in,staff,totp,route,context,views,gate}.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        noSqlInRoutes,
        noAuditInRoutes,
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='tx']",
          message:
            'A transaction belongs to the service function of the action (ops/*-service.ts), with its audit row.',
        },
      ],
    },
  },
  // Services decide and repos hold the SQL: a service calls its repo's functions with the
  // Queryable it was given (so it still decides what shares a transaction).
  {
    files: ['api/src/modules/**/service.ts', 'api/src/modules/**/*-service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']",
          message: "SQL belongs in the module's repo.ts: call a repo function with the service's Queryable.",
        },
        {
          // A regular expression's exec is not SQL.
          selector: "CallExpression[callee.property.name='exec']:not([callee.object.regex])",
          message: "SQL belongs in the module's repo.ts: call a repo function with the service's Queryable.",
        },
      ],
    },
  },
  // Two api modules never import each other (tools/eslint/module-pairs.mjs).
  {
    files: ['api/src/modules/**/*.ts'],
    ignores: ['api/src/modules/**/__tests__/**'],
    plugins: { 'api-modules': apiModules },
    rules: { 'api-modules/no-module-pair': 'error' },
  },
  ...apps
    .map((app) => ({ app, zones: featureZones(app) }))
    .filter(({ zones }) => zones.length > 0)
    .map(({ app, zones }) => ({
      files: [`${app}/src/**/*.{ts,tsx}`],
      rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
    })),
  {
    files: ['shared-sdk/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@giftlane/*', '**/shell/**', '**/mfe-*/**', '**/api/**', '**/deploy/**'],
              message: 'shared-sdk imports no app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared-sdk/src/**/*.{ts,tsx}'],
    // The one React Router, for the browser and for the shell's server build.
    ignores: ['shared-sdk/src/router.ts', 'shared-sdk/src/router-server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...routerRule,
          patterns: [
            {
              group: ['@giftlane/*', '**/shell/**', '**/mfe-*/**', '**/api/**', '**/deploy/**'],
              message: 'shared-sdk imports no app.',
            },
          ],
        },
      ],
    },
  },
  {
    // A subpath module each remote bundles (not part of the singleton) reads the singleton's words
    // through the package's main entry, so the remotes carry no second copy of them.
    files: ['shared-sdk/src/social-sign-in.ts', 'shared-sdk/src/card-catalog.ts', 'shared-sdk/src/sell-choice.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...routerRule,
          patterns: [
            {
              group: [
                '@giftlane/*',
                '!@giftlane/shared-sdk',
                '**/shell/**',
                '**/mfe-*/**',
                '**/api/**',
                '**/deploy/**',
              ],
              message: 'shared-sdk imports no app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call a parameter named `use`; it is not React's.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
