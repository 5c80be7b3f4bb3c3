// Bundles the command line (and the extension) into dist/. @vscode/ripgrep stays external: it is
// an ES module that locates its binary from its own file path, which bundling would break.
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  external: ['@vscode/ripgrep', 'vscode'],
  logLevel: 'warning',
};

const builds = [
  { ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js' },
  // Threads the bundles start; each sits beside them (see workerSearch.ts and statPool.ts).
  { ...common, entryPoints: ['src/core/worker/globWorker.ts'], outfile: 'dist/globWorker.js' },
  { ...common, entryPoints: ['src/core/walk/statThread.ts'], outfile: 'dist/statThread.js' },
];

if (watch) {
  for (const options of builds) {
    await (await esbuild.context(options)).watch();
  }
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
