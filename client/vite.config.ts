import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    // CLIENT_DIST: the same variable the server reads to find the build.
    outDir: resolve(process.env.CLIENT_DIST ?? resolve(root, 'dist')),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry loads (scripts/prerender.ts finds the boot
    // module in it; the landing bench sums the initial JS from it).
    manifest: true,
    rolldownOptions: {
      input: {
        main: resolve(root, 'index.html'),
        graphiql: resolve(root, 'graphiql.html'),
        // What a prerendered page loads instead of main.tsx: it starts the app after the first paint.
        boot: resolve(root, 'src/boot.ts'),
      },
      onwarn(warning, warn) {
        // graphiql ships React Compiler output; "use no memo" is only a compiler hint, safe to drop.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use no memo')) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: apiTarget, ws: true },
      '/api': apiTarget,
      '/files': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
