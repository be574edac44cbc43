// Loads Prisma's WebAssembly schema engine, the offline stand-in for the native
// `schema-engine` binary that the prisma CLI would download. The package entry imports
// its `.wasm` file as an ES module, which Node refuses, so the module is instantiated
// here by hand with the package's own `schema_engine_bg.js` glue.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

type Glue = typeof import('@prisma/schema-engine-wasm') & {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

let glue: Promise<Glue> | undefined;

function loadGlue(): Promise<Glue> {
  glue ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/schema_engine_bg\.js$/, '');
    const bg = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as unknown as Glue;
    const bytes = await readFile(`${dir}schema_engine_bg.wasm`);
    // The glue module is the wasm module's only import namespace.
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg;
  })();
  return glue;
}

export interface EngineLog {
  (message: string): void;
}

export interface OpenEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes its connections (releasing Prisma's migration lock). */
  close(): Promise<void>;
}

type PgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;

/**
 * The pg adapter runs a migration's script by splitting it at every ';', which cuts a function
 * body (`$$ … ; … $$`) apart. Postgres takes the whole script itself (the simple query
 * protocol, all of it in one implicit transaction), so every adapter this factory makes,
 * the shadow database's too, sends it whole; errors are reported as the adapter reports them.
 */
function wholeScripts(factory: PrismaPg): PrismaPg {
  const whole = (adapter: PgAdapter) => {
    const inner = adapter as unknown as { client: pg.Pool; onError(e: unknown): never };
    adapter.executeScript = async (script: string) => {
      try {
        await inner.client.query(script);
      } catch (e) {
        inner.onError(e);
      }
    };
    return adapter;
  };
  const connect = factory.connect.bind(factory);
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connect = async () => whole(await connect());
  factory.connectToShadowDb = async () => whole(await connectToShadowDb());
  return factory;
}

/** Opens a schema engine connected to `databaseUrl`. */
export async function openSchemaEngine(databaseUrl: string, datamodel: { path: string; content: string } | undefined, log: EngineLog = () => {}): Promise<OpenEngine> {
  const { SchemaEngine } = await loadGlue();
  // Our own pool, because freeing the engine does not end the adapter's connections.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const adapter = bindMigrationAwareSqlAdapterFactory(wholeScripts(new PrismaPg(pool)));
  const engine = await SchemaEngine.new({ datamodels: datamodel ? [[datamodel.path, datamodel.content]] : undefined }, log, adapter);
  return {
    engine,
    close: async () => {
      engine.free();
      await pool.end();
    },
  };
}
