// Bundles the API into dist/server.js (and the staff tool into dist/staff.js, the bootstrap into dist/operator.js, the migrations command into dist/migrate.js). npm packages stay external (installed beside it);
// our workspace packages are TypeScript source, so they are bundled in.
import { build } from 'esbuild';

await build({
  // The upload checks' worker thread loads its own file (modules/uploads/file-check-pool.ts).
  entryPoints: {
    server: 'src/server.ts',
    staff: 'src/cli/staff.ts',
    operator: 'src/cli/operator.ts',
    migrate: 'src/cli/migrate.ts',
    'file-check-worker': 'src/modules/uploads/file-check.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@leisure/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
