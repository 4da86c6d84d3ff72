import type { SnapConfig, SnapsStatsPlugin } from '@metamask/snaps-cli';
import { merge } from '@metamask/snaps-cli';
import { resolve } from 'path';

/**
 * The project's snap config, built a second time for the bundle breakdown
 * only: the same webpack configuration (including the project's own
 * `customizeWebpackConfig`), plus a hidden source map (the bundle bytes stay
 * the same: no `sourceMappingURL` comment), written to a scratch folder so
 * that dist/ and snap.manifest.json are left alone.
 *
 * `mm-snap build` compiles this file on its own, where relative requires do
 * not resolve: the root config is required by absolute path, and the CLI is
 * run under tsx so that the `.ts` file loads.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports, import-x/no-dynamic-require
const rootModule: { default: SnapConfig } = require(
  resolve(__dirname, '..', 'snap.config.ts'),
);

const rootConfig = rootModule.default;

/** The webpack compiler type, as the snaps CLI's own plugins take it. */
type Compiler = Parameters<SnapsStatsPlugin['apply']>[0];

/**
 * The manifest of this scratch build is not updated on purpose, so its
 * shasum cannot match; every other build error stays an error.
 */
class IgnoreManifestShasumPlugin {
  /**
   * Hooks in after the snaps plugin's manifest check.
   *
   * @param compiler - The webpack compiler.
   */
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('BenchAnalysis', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'BenchAnalysis',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        () => {
          const kept = compilation.errors.filter(
            (error) =>
              !error.message.includes(
                '"shasum" field does not match computed shasum',
              ),
          );
          compilation.errors.splice(0, compilation.errors.length, ...kept);
        },
      );
    });
  }
}

const config: SnapConfig = {
  ...rootConfig,
  output: { path: resolve(__dirname, 'results/analysis.tmp') },
  manifest: { update: false },
  customizeWebpackConfig: (webpackConfig) =>
    merge(rootConfig.customizeWebpackConfig?.(webpackConfig) ?? webpackConfig, {
      devtool: 'hidden-source-map',
      plugins: [new IgnoreManifestShasumPlugin()],
    }),
};

export default config;
