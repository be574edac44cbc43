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
    rolldownOptions: {
      input: {
        main: resolve(root, 'index.html'),
        graphiql: resolve(root, 'graphiql.html'),
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
