import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
/** The entry chunks of the HTML pages (Vite resolves their preloads before their dynamic imports'). */
const htmlEntries = new Set<string>();
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    modulePreload: {
      // index.html's module (src/boot.ts) imports the app after the first paint: the browser
      // fetches that import's module graph itself. Vite's helper would add a <link
      // rel=modulepreload> per chunk (two dozen), one main-thread task of tens of ms on a phone,
      // for files the module loader asks for anyway. Every other dynamic import keeps its preloads.
      resolveDependencies(filename, deps, { hostId, hostType }) {
        if (hostType === 'html') htmlEntries.add(filename);
        return hostType === 'js' && htmlEntries.has(hostId) ? [] : deps;
      },
    },
    // CLIENT_DIST: the same variable the server reads to find the build.
    outDir: resolve(process.env.CLIENT_DIST ?? resolve(root, 'dist')),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry loads (the landing bench sums the initial JS from it).
    manifest: true,
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
