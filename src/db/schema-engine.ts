// Prisma's schema engine as WebAssembly, over the same driver adapters as the client. The native
// engine cannot be downloaded offline; this one ships inside an npm package.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

export type { SchemaEngine };

let ready: Promise<void> | undefined;

// The package's ESM entry imports the .wasm file directly, which Node cannot do: instantiate by hand.
function loadWasm(): Promise<void> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm');
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
      './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports,
    });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return ready;
}

export const NO_FILTERS = { externalTables: [], externalEnums: [] };

export async function withSchemaEngine<T>(
  schemaPath: string,
  schemaText: string,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await loadWasm();
  // The engine does not close the connections it opens, and on SQLite one of them keeps the write
  // lock after applyMigrations; track them and close them when the engine is done.
  const opened: { dispose(): Promise<void> }[] = [];
  const tracking: SqlMigrationAwareDriverAdapterFactory = {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: async () => {
      const conn = await adapterFactory.connect();
      opened.push(conn);
      return conn;
    },
    connectToShadowDb: async () => {
      const conn = await adapterFactory.connectToShadowDb();
      opened.push(conn);
      return conn;
    },
  };
  const engine: SchemaEngine = await bg.SchemaEngine.new(
    { datamodels: [[schemaPath, schemaText]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(tracking),
  );
  try {
    return await work(engine);
  } finally {
    engine.free();
    await Promise.all(opened.map((conn) => conn.dispose().catch(() => {})));
  }
}

/** The SQL that turns one datamodel into another; no database is read. */
export async function diffDatamodels(
  schemaPath: string,
  from: string | undefined,
  to: string,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<string> {
  return withSchemaEngine(schemaPath, to, adapterFactory, async (engine) => {
    const result = await engine.diff({
      from: from === undefined ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: from }] },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: to }] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return result.stdout ?? '';
  });
}
