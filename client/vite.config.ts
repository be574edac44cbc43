import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { rasterMedia } from './vite/raster-media';

const root = import.meta.dirname;

/** GraphiQL's Monaco, trimmed to what its editors use (src/graphiql/monaco-editor.ts says what). */
const GRAPHIQL_MONACO = resolve(root, 'src/graphiql/monaco-editor.ts');

/**
 * Points `monaco-graphql/esm/monaco-editor.js` — which GraphiQL imports, and monaco-graphql
 * imports as `./monaco-editor`, and which brings all of Monaco's editor core — at
 * src/graphiql/monaco-editor.ts.
 */
function graphiqlMonaco(): Plugin {
  return {
    name: 'atelier:graphiql-monaco',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer === GRAPHIQL_MONACO || !/(^|\/)monaco-editor(\.js)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && /[\\/]monaco-graphql[\\/]esm[\\/]monaco-editor\.js$/.test(resolved.id) ? GRAPHIQL_MONACO : null;
    },
  };
}

/** The modules GraphiQL imports on its first render, one after another (Monaco, then its GraphQL and JSON modes). */
const GRAPHIQL_EDITOR_MODULES = [
  GRAPHIQL_MONACO,
  /[\\/]monaco-graphql[\\/]esm[\\/](lite|graphqlMode)\.js$/,
  /[\\/]monaco-editor[\\/]esm[\\/]vs[\\/]language[\\/]json[\\/]jsonMode\.js$/,
  /[\\/]monaco-editor[\\/]esm[\\/]vs[\\/]basic-languages[\\/]graphql[\\/]graphql\.js$/,
];

/**
 * graphiql.html preloads the editor's chunks (and their CSS) so they download while the page's
 * entry runs, instead of after GraphiQL's first render asks for Monaco, and then for each mode.
 */
function graphiqlPreload(): Plugin {
  return {
    name: 'atelier:graphiql-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.chunk || !ctx.filename.endsWith('graphiql.html')) return html;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const loaded = new Set<string>([ctx.chunk.fileName]);
        const markLoaded = (file: string) => {
          if (loaded.has(file)) return;
          loaded.add(file);
          byFile.get(file)?.imports.forEach(markLoaded);
        };
        ctx.chunk.imports.forEach(markLoaded);
        const wanted: string[] = [];
        const css = new Set<string>();
        const visit = (file: string) => {
          const chunk = byFile.get(file);
          if (!chunk || loaded.has(file)) return;
          loaded.add(file);
          chunk.imports.forEach(visit);
          wanted.push(file);
          chunk.viteMetadata?.importedCss.forEach((f) => css.add(f));
        };
        for (const chunk of chunks) {
          if (chunk.moduleIds.some((id) => GRAPHIQL_EDITOR_MODULES.some((m) => (typeof m === 'string' ? id === m : m.test(id))))) visit(chunk.fileName);
        }
        const links = [
          ...[...css].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
          ...wanted.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ];
        return html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * Each `graphql(`…`)` call becomes an import of its document from src/gql/graphql.ts (the
 * codegen's own Babel plugin), so a page ships only the documents it uses, not src/gql/gql.ts's
 * map of every operation's text (docs/benchmarks.md, "Initial JS").
 */
const graphqlDocuments = babel({
  include: [/[\\/]client[\\/]src[\\/].*\.tsx?$/],
  exclude: [/[\\/]node_modules[\\/]/, /[\\/]client[\\/]src[\\/]gql[\\/]/],
  plugins: [[babelOptimizerPlugin, { artifactDirectory: resolve(root, 'src/gql'), gqlTagName: 'graphql' }]],
  sourceMap: false,
});

/**
 * react-router's package exports only its development build, whose warnings stay in a bundle
 * (`ENABLE_DEV_WARNINGS = true`); a production build takes the production files it also ships,
 * identical but for that flag (docs/benchmarks.md, "Initial JS").
 */
const REACT_ROUTER_PRODUCTION = resolve(root, '../node_modules/react-router/dist/production');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${REACT_ROUTER_PRODUCTION}/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${REACT_ROUTER_PRODUCTION}/dom-export.mjs` },
];

/** The codegen's documents (src/gql/graphql.ts): one `export const XDocument = {…} as unknown as DocumentNode<…>;` line each. */
const GENERATED_DOCUMENTS = resolve(root, 'src/gql/graphql.ts');
const DOCUMENT_MODULE = '\0atelier-graphql-document:';

/**
 * In a build, each document the Babel plugin above imports from src/gql/graphql.ts comes from a
 * module of its own instead, so it goes only into the chunks of the pages that use it: as one
 * module, every document sat in the first download of every page (docs/benchmarks.md, "Initial
 * JS"). The plugin writes one `import { XDocument } from "…/gql/graphql"` per document; each
 * document is whole (the codegen writes the fragments it spreads into it).
 */
function graphqlDocumentModules(): Plugin {
  let documents = new Map<string, string>();
  return {
    name: 'atelier:graphql-document-modules',
    apply: 'build',
    buildStart() {
      const lines = readFileSync(GENERATED_DOCUMENTS, 'utf8').matchAll(/^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm);
      documents = new Map([...lines].map(([, name, json]) => [name!, json!]));
    },
    transform(code, id) {
      if (!/[\\/]client[\\/]src[\\/].*\.tsx?$/.test(id) || id === GENERATED_DOCUMENTS) return null;
      const rewritten = code.replace(/import \{ (\w+) \} from "([^"]+\/gql\/graphql)";/g, (line, name: string, from: string) =>
        documents.has(name) && resolve(dirname(id), `${from}.ts`) === GENERATED_DOCUMENTS ? `import { ${name} } from "${DOCUMENT_MODULE}${name}";` : line,
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    resolveId: (source) => (source.startsWith(DOCUMENT_MODULE) ? source : null),
    load(id) {
      if (!id.startsWith(DOCUMENT_MODULE)) return null;
      const name = id.slice(DOCUMENT_MODULE.length);
      return `export const ${name} = ${documents.get(name)};`;
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;

export default defineConfig(({ command }) => ({
  root,
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  plugins: [react(), graphqlDocuments, graphqlDocumentModules(), tailwindcss(), graphiqlMonaco(), graphiqlPreload(), rasterMedia(resolve(root, 'public'))],
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
}));
