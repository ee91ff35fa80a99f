// The shell's service worker: a second, plain Rspack build beside the app's (no federation, no
// hashed name: the edge serves it at /sw.js from the live shell release). It runs after the app's
// build, whose `clean` would otherwise remove it.
import path from 'node:path';
import { rspack } from '@rspack/core';

/**
 * @param {object} opts
 * @param {string} opts.dir        the app's folder
 * @param {string} opts.after      the name of the app's own build (this one runs after it)
 */
export function createWorkerConfig({ dir, after }) {
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  return {
    name: 'service-worker',
    dependencies: [after],
    mode,
    context: dir,
    target: 'webworker',
    entry: { sw: './src/sw/sw.ts' },
    devtool: false,
    output: { path: path.join(dir, 'dist'), filename: '[name].js', clean: false, publicPath: '' },
    resolve: { extensions: ['.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[jt]s$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      // Workbox reads process.env.NODE_ENV to drop its development logging.
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(dir, 'src/sw/offline.html'), to: 'offline.html' }] }),
    ],
    optimization: { minimize: mode === 'production' },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
