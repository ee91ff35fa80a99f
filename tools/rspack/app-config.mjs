// The one Rspack + Module Federation config for every app (shell and remotes). The `shared` map
// lives here and only here, so every app agrees on the singletons; an app passes only its name,
// its folder and what it exposes.
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const require = createRequire(import.meta.url);
const rootDir = path.resolve(import.meta.dirname, '../..');

function versionOf(pkg) {
  // Read the installed package.json directly: some packages (ours) do not export it.
  return require(path.join(rootDir, 'node_modules', pkg, 'package.json')).version;
}

/**
 * Packages every app must run as exactly one copy: two Reacts break hooks, two routers break
 * navigation, two MobX or two shared-sdk copies would split the session store (a silent security bug).
 */
export const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'mobx',
  'mobx-react-lite',
  '@giftlane/shared-sdk',
  // React Router, through the one module that re-exports what we use (see shared-sdk/src/router.ts).
  '@giftlane/shared-sdk/router',
];

export function sharedMap() {
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
      const version = versionOf(pkg);
      return [name, { singleton: true, requiredVersion: `^${version}`, version, eager: false }];
    }),
  );
}

/** Our TypeScript and TSX, compiled by SWC (the browser builds and the server builds alike). */
export function sourceRule({ development, target }) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development, refresh: false } },
        target,
      },
    },
    type: 'javascript/auto',
  };
}

/**
 * The shell's stylesheets, listed in `page-styles.json`: the edge puts them into the head of a
 * prerendered page, which must look right before any script runs.
 */
function pageStyles() {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('GiftLanePageStyles', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'GiftLanePageStyles', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const css = compilation
              .getAssets()
              .map((a) => a.name)
              .filter((n) => n.endsWith('.css'))
              .sort();
            compilation.emitAsset('page-styles.json', new rspack.sources.RawSource(JSON.stringify(css)));
          },
        );
      });
    },
  };
}

/**
 * The files the shell fetches before it can show a signed-in page, listed in `startup.json`: its
 * bootstrap chunk group (the async boundary of src/index.ts) and the account area's part of the reply
 * contract. The edge preloads them with a signed-in page's HTML, beside the shared packages of the
 * shell's `mf-manifest.json` and the owner remote's routes, so they load in one wave, not four.
 */
function startupFiles() {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('GiftLaneStartup', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'GiftLaneStartup', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const group = compilation.namedChunkGroups.get('bootstrap');
            const files = group ? [...group.getFiles()] : [];
            const names = compilation.getAssets().map((a) => a.name);
            const account = names.filter((n) => /^gc-replies-account\.[^/]*\.js$/.test(n));
            const list = {
              js: [...files.filter((f) => f.endsWith('.js')), ...account],
              css: files.filter((f) => f.endsWith('.css')),
            };
            compilation.emitAsset('startup.json', new rspack.sources.RawSource(JSON.stringify(list)));
          },
        );
      });
    },
  };
}

/**
 * Each page's own files, listed in `pages.json` by the route's path: `{ "/order/:orderNo": { js, css } }`.
 * A page's chunk is named after its route (`import(/* webpackChunkName: "page~order~$orderNo" *\/ …)`:
 * `~` for each `/`, `$` for a parameter's `:`), so the edge can preload the page a signed-in seller
 * asked for with its HTML, in the same wave as the shell and the routes, not once they have run.
 */
function pageFiles() {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('GiftLanePages', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'GiftLanePages', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const pages = {};
            for (const [name, group] of compilation.namedChunkGroups) {
              if (!name.startsWith('page~')) continue;
              const route = name.slice('page'.length).replaceAll('~', '/').replaceAll('$', ':');
              const files = [...group.getFiles()];
              pages[route] = {
                js: files.filter((f) => f.endsWith('.js')),
                css: files.filter((f) => f.endsWith('.css')),
              };
            }
            compilation.emitAsset('pages.json', new rspack.sources.RawSource(JSON.stringify(pages)));
          },
        );
      });
    },
  };
}

/**
 * @param {object} opts
 * @param {string} opts.dir        the app's folder
 * @param {string} opts.name       federation name, snake_case (e.g. mfe_account)
 * @param {Record<string,string>} [opts.exposes] remote modules (remotes only)
 * @param {boolean} [opts.html]    emit index.html (the shell)
 * @param {number} [opts.devPort]  port for `rspack serve`
 */
export function createAppConfig({ dir, name, exposes, html = false, devPort }) {
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const prod = mode === 'production';
  return {
    mode,
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: prod ? false : 'cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // `auto` lets one immutable build be served from any release folder or origin.
      publicPath: 'auto',
      uniqueName: name,
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        sourceRule({ development: !prod, target: 'es2020' }),
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|webp|svg|gif|woff2?)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 2048 } } },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      // axios's fetch adapter never runs in a browser here (XHR comes first): left out (bytes).
      new rspack.NormalModuleReplacementPlugin(
        /axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/,
        path.join(import.meta.dirname, 'axios-without-fetch.mjs'),
      ),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedMap(),
        // The default `version-first` loads every remote at start-up to compare versions.
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // The shell carries the federation runtime once; remotes use it instead of shipping their
        // own copy in every remoteEntry.js (about 30 KB gzip each).
        experiments: exposes ? { externalRuntime: true } : { provideExternalRuntime: true },
      }),
      html && pageStyles(),
      html && startupFiles(),
      exposes && pageFiles(),
      // Plain files the edge serves from the release as they are (src/static/).
      html && new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(dir, 'src/static'), to: '.' }] }),
      html &&
        new rspack.HtmlRspackPlugin({
          template: path.join(dir, 'src/index.html'),
          inject: 'body',
          // Classic deferred scripts: `publicPath: 'auto'` reads document.currentScript.
          scriptLoading: 'defer',
          // The shell's HTML is served by the edge server from whichever immutable release is
          // current; it fills in where that release lives. The dev server serves from `/`.
          publicPath: prod ? '{{SHELL_BASE}}' : '/',
          minify: prod,
        }),
    ].filter(Boolean),
    // splitChunks 'all' and runtimeChunk break remotes (measured): keep Rspack's defaults.
    optimization: { minimize: prod, moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    devServer: devPort ? devServer({ port: Number(process.env.DEV_PORT ?? devPort), html }) : undefined,
    stats: 'errors-warnings',
  };
}

/**
 * `npm run dev`: every app on its own dev server with hot reload. The shell's also answers
 * /remotes.json (pointing at the remotes' dev servers, from GL_DEV_REMOTES) and proxies the api.
 */
function devServer({ port, html }) {
  const server = {
    port,
    hot: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: { overlay: { warnings: false } },
  };
  if (!html) return server;
  const api = process.env.GL_DEV_API ?? 'http://127.0.0.1:3001';
  return {
    ...server,
    historyApiFallback: true,
    // The dev outbox stays on the api's own port, as with npm start.
    proxy: [{ context: ['/gc', '/docs'], target: api, changeOrigin: true }],
    setupMiddlewares(middlewares) {
      middlewares.unshift({
        name: 'giftlane-remotes-json',
        path: '/remotes.json',
        middleware: (_req, res) => {
          res.setHeader('Cache-Control', 'no-cache');
          res.setHeader('Content-Type', 'application/json');
          res.end(process.env.GL_DEV_REMOTES ?? '{"env":"dev","remotes":{}}');
        },
      });
      return middlewares;
    },
  };
}
