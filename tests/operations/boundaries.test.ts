// Where code runs (docs/architecture.md): the API process loads no worker code (processors,
// models, providers), and the worker loads only server/shared/ of server/. Read from the real
// import graph of each entry point (dpdm, the same parser `npm run check:cycles` uses), and
// the lint rules that say the same (and that a client feature uses another only through its
// top-level files) are checked to fire on a probe import.
import { parseDependencyTree } from 'dpdm';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

/** Every project file (not node_modules) the entry loads, statically or by import(). */
async function filesLoadedBy(entry: string): Promise<string[]> {
  const tree = await parseDependencyTree(entry, {
    cwd: root,
    context: root,
    exclude: /node_modules/,
    transform: true,
    skipDynamicImports: false,
    tsconfig: `${root}tsconfig.json`,
  });
  return Object.keys(tree).filter((f) => !f.includes('node_modules'));
}

describe('where code runs', () => {
  it('the API process loads nothing under worker/', async () => {
    const files = await filesLoadedBy('server/bin/api.ts');
    expect(files).toContain('server/app.ts');
    expect(files).toContain('server/shared/tools/catalogue.ts');
    expect(files.filter((f) => f.startsWith('worker/'))).toEqual([]);
  });

  it('the worker loads only server/shared/ of server/', async () => {
    const files = await filesLoadedBy('worker/main.ts');
    expect(files).toContain('worker/models/engine.ts');
    expect(files.filter((f) => f.startsWith('server/') && !f.startsWith('server/shared/'))).toEqual([]);
  });

  it('lint refuses an import across the boundary', async () => {
    const eslint = new ESLint({ cwd: root });
    const probes = [
      { file: 'server/http/probe.ts', code: "import { imageEngine } from '../../worker/models/engine.js';\nexport const e = imageEngine;\n" },
      { file: 'worker/probe.ts', code: "import { startServer } from '../server/app.js';\nexport const s = startServer;\n" },
      { file: 'server/shared/jobs/probe.ts', code: "import { JobService } from '../../modules/job/job.service.js';\nexport const j = JobService;\n" },
      { file: 'client/src/features/account/probe.ts', code: "import { Plans } from '../../billing/components/Plans';\nexport const p = Plans;\n" },
      { file: 'client/src/lib/probe.ts', code: "import { loadConfig } from '../../../server/shared/platform/config.js';\nexport const c = loadConfig;\n" },
    ];
    for (const probe of probes) {
      const [result] = await eslint.lintText(probe.code, { filePath: `${root}${probe.file}` });
      expect(
        result!.messages.map((m) => m.ruleId),
        probe.file,
      ).toContain('no-restricted-imports');
    }
    const [allowed] = await eslint.lintText("import { loadConfig } from '../server/shared/platform/config.js';\nexport const c = loadConfig;\n", {
      filePath: `${root}worker/probe.ts`,
    });
    expect(allowed!.messages).toEqual([]);
  });
});
