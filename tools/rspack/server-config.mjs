// An app's server build (prerendered pages): the same sources for Node, one CommonJS
// file in dist/server/, which the edge loads from the app's release. The shell's bundles the
// singletons and hands them to the remotes' (which take them as externals, by the names Module
// Federation shares them under), so a page renders with one React, one router and one SDK, as in
// the browser. Stylesheets are the browser build's: here an import of one is an empty module.
// Where the browser and Node need different code, a file's `.server.ts` twin is taken here.
import path from 'node:path';
import { rspack } from '@rspack/core';
import { SINGLETONS, sourceRule } from './app-config.mjs';

/**
 * @param {object} opts
 * @param {string} opts.dir    the app's folder
 * @param {string} opts.entry  what the edge loads: the shell's renderer, or a remote's routes module
 * @param {string} opts.after  the name of the app's own build (this one runs after it: its `clean`)
 * @param {boolean} [opts.providesShared] the shell: bundle the singletons instead of importing them
 */
export function createServerConfig({ dir, entry, after, providesShared = false }) {
  return {
    name: `${after}-server`,
    dependencies: [after],
    mode: 'production',
    context: dir,
    target: 'node20',
    entry: { index: entry },
    devtool: false,
    output: {
      path: path.join(dir, 'dist', 'server'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: false,
    },
    externalsType: 'commonjs',
    // jsdom (a DOM for code that needs one, such as a sanitizer) is the edge's own dependency.
    externals: providesShared ? ['jsdom'] : [...SINGLETONS, 'jsdom'],
    // A file's `.server` twin (dom-window.server.ts beside dom-window.ts) replaces it here.
    resolve: { extensions: ['.server.ts', '.server.tsx', '.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [sourceRule({ development: false, target: 'es2022' })],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
      new rspack.NormalModuleReplacementPlugin(/\.css$/, path.join(import.meta.dirname, 'no-style.mjs')),
      // One file: the edge evaluates it as is (a page's lazy chunks are inside).
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
