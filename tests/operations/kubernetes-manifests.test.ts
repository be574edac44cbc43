// docs/deployment.md, "From one machine to Kubernetes": deploy/kubernetes renders (kustomize v5)
// into objects that Kubernetes' and KEDA's schemas accept and that keep this project's rules
// (tests/helpers/kubernetes-manifests.ts): non-root read-only containers with probes and resources,
// worker pools whose ScaledObjects read the queues the code uses, only variables config.ts reads.
// Offline: no cluster.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, type Document, type YAMLSeq } from 'yaml';
import { SCALED_OBJECTS_FILE, scaledObjectsYaml } from '../../scripts/keda-scaled-objects.js';
import { exampleSecretProblems, kustomizeCommand, render, ruleProblems, schemaProblems, type K8sObject } from '../helpers/kubernetes-manifests.js';
import { deployedTools } from '../helpers/worker-pools.js';

const root = resolve(import.meta.dirname, '../..');
const manifests = join(root, 'deploy/kubernetes');
/** Production's Secrets are made in the namespace beforehand (docs/deployment.md), never rendered. */
const PRODUCTION_SECRETS = ['atelier-secrets', 'atelier-keda-redis'];

const overlays = [
  { name: 'development', externalSecrets: [] as string[] },
  { name: 'production', externalSecrets: PRODUCTION_SECRETS },
];

function problemsOf(dir: string, externalSecrets: readonly string[]): { app: K8sObject[]; migrate: K8sObject[]; problems: string[] } {
  const app = render(dir);
  const migrate = render(join(dir, 'migrate'));
  const problems = [...schemaProblems(app), ...schemaProblems(migrate), ...ruleProblems(app, { externalSecrets }), ...ruleProblems(migrate, { externalSecrets })];
  // The migration runs the release's code: the image the app's pods run.
  const image = (objects: K8sObject[]) => objects.flatMap((o) => (o.spec?.template?.spec?.containers ?? []).map((c: { image: string }) => c.image));
  const jobs = migrate.filter((o) => o.kind === 'Job');
  if (jobs.length !== 1) problems.push(`migrate/ renders ${jobs.length} Jobs, not one`);
  if (new Set([...image(app), ...image(migrate)]).size !== 1) problems.push('the migration Job runs another image than the app');
  return { app, migrate, problems };
}

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  it('are rendered by kustomize v5 (kubectl >= 1.27 or kustomize >= 5 on the PATH)', () => {
    const kustomize = kustomizeCommand();
    expect(kustomize, 'no kustomize v5: install kubectl >= 1.27 (it has kustomize built in) or kustomize >= 5').not.toBeNull();
  });

  for (const overlay of overlays) {
    it(`overlay ${overlay.name}: every object validates against its schema and keeps the rules`, () => {
      const { app, migrate, problems } = problemsOf(join(manifests, 'overlays', overlay.name), overlay.externalSecrets);
      expect(problems).toEqual([]);
      const kinds = app.map((o) => o.kind).sort();
      // What docs/deployment.md's "From one machine to Kubernetes" lists, all there.
      for (const kind of ['Deployment', 'Service', 'Ingress', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'ScaledObject', 'TriggerAuthentication', 'ConfigMap'])
        expect(kinds, `${overlay.name} renders a ${kind}`).toContain(kind);
      expect(app.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name)).toEqual(['atelier-api', 'atelier-worker-images', 'atelier-worker-text']);
      expect(migrate.map((o) => o.kind)).toContain('Job');
      const scaledObjects = Object.fromEntries(app.filter((o) => o.kind === 'ScaledObject').map((o) => [o.metadata.name, o.spec.minReplicaCount]));
      expect(scaledObjects).toEqual({ 'atelier-worker-images': 0, 'atelier-worker-text': expect.any(Number) });
      expect(scaledObjects['atelier-worker-text']).toBeGreaterThanOrEqual(1);
    });
  }

  it("the pools' ScaledObjects are as `npm run deploy:print` makes them from the catalogue, a trigger per queue and list", () => {
    expect(readFileSync(join(root, SCALED_OBJECTS_FILE), 'utf8'), `${SCALED_OBJECTS_FILE} is stale: run npm run codegen`).toBe(scaledObjectsYaml());
    const app = render(join(manifests, 'overlays/production'));
    const triggers = app.filter((o) => o.kind === 'ScaledObject').flatMap((o) => o.spec.triggers as unknown[]);
    expect(triggers).toHaveLength(2 * deployedTools().length);
  });

  it('development: the example Secrets hold placeholders, and KEDA reads the Redis of REDIS_URL', () => {
    const app = render(join(manifests, 'overlays/development'));
    expect(app.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name)).toEqual(['atelier-keda-redis', 'atelier-secrets']);
    expect(exampleSecretProblems(app)).toEqual([]);
  });

  it('production: holds no Secret, serves its host over TLS, runs a pinned image', () => {
    const app = render(join(manifests, 'overlays/production'));
    expect(app.filter((o) => o.kind === 'Secret')).toEqual([]);
    const ingress = app.find((o) => o.kind === 'Ingress')!;
    expect(ingress.spec.tls[0].hosts).toEqual([ingress.spec.rules[0].host]);
    expect(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-read-timeout']).toBe('3600');
  });

  describe('a broken copy fails', () => {
    const dirs: string[] = [];
    afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

    /**
     * deploy/kubernetes copied to a temporary folder, one file changed, the production overlay's
     * problems. A YAML file is changed as YAML: `edit` gets its documents (comments kept); only
     * config.env, which is no YAML, is changed as text.
     */
    function brokenProblems(file: string, edit: ((docs: Document[]) => void) | { from: string; to: string }): string[] {
      const dir = mkdtempSync(join(tmpdir(), 'atelier-k8s-'));
      dirs.push(dir);
      cpSync(manifests, dir, { recursive: true });
      const path = join(dir, file);
      const text = readFileSync(path, 'utf8');
      let changed: string;
      if (typeof edit === 'function') {
        const docs = parseAllDocuments(text) as Document[];
        edit(docs);
        changed = docs.map((d) => d.toString()).join('');
      } else changed = text.replace(edit.from, edit.to);
      expect(changed, `the edit changed ${file}`).not.toBe(text);
      writeFileSync(path, changed);
      try {
        return problemsOf(join(dir, 'overlays/production'), PRODUCTION_SECRETS).problems;
      } catch (e) {
        return [(e as Error).message];
      }
    }

    /** The document of a file's documents that holds `kind` `name`. */
    function object(docs: Document[], kind: string, name: string): Document {
      const doc = docs.find((d) => d.get('kind') === kind && d.getIn(['metadata', 'name']) === name);
      expect(doc, `${kind}/${name}`).toBeDefined();
      return doc!;
    }

    /** Sets `path` of `kind` `name`, which must be there. */
    const set =
      (kind: string, name: string, path: (string | number)[], value: unknown) =>
      (docs: Document[]): void => {
        const doc = object(docs, kind, name);
        expect(doc.hasIn(path), `${kind}/${name} ${path.join('.')}`).toBe(true);
        doc.setIn(path, value);
      };

    const CONTAINER = ['spec', 'template', 'spec', 'containers', 0];
    /** The index of a worker Deployment's variable `variable` in its container's env. */
    const envIndex = (doc: Document, variable: string) => {
      const env = (doc.getIn([...CONTAINER, 'env']) as YAMLSeq).toJSON() as { name: string }[];
      const i = env.findIndex((e) => e.name === variable);
      expect(i, variable).toBeGreaterThanOrEqual(0);
      return i;
    };
    /** Sets a worker pool's WORKER_TOOLS. */
    const workerTools = (name: string, value: string) => (docs: Document[]) => {
      const doc = object(docs, 'Deployment', name);
      doc.setIn([...CONTAINER, 'env', envIndex(doc, 'WORKER_TOOLS'), 'value'], value);
    };
    const textTools = deployedTools()
      .filter((t) => t.output === 'text')
      .map((t) => t.kind);
    const textTriggers = ['spec', 'triggers'];
    const firstTextList = (
      (parseAllDocuments(readFileSync(join(root, SCALED_OBJECTS_FILE), 'utf8')) as Document[])
        .find((d) => d.getIn(['metadata', 'name']) === 'atelier-worker-text')!
        .getIn([...textTriggers, 0, 'metadata', 'listName']) as string
    ).replace(/:wait$/, '');
    const generated = relative(manifests, join(root, SCALED_OBJECTS_FILE));

    const cases: { what: string; file: string; edit: ((docs: Document[]) => void) | { from: string; to: string }; caught: RegExp }[] = [
      {
        what: 'a port that is not a number (Kubernetes schema)',
        file: 'base/api.yaml',
        edit: set('Deployment', 'atelier-api', [...CONTAINER, 'ports', 0, 'containerPort'], 'http-4000'),
        caught: /Deployment\/atelier-api: .*containerPort must be integer/,
      },
      {
        what: 'a listLength that is not a string (KEDA schema)',
        file: generated,
        edit: set('ScaledObject', 'atelier-worker-text', [...textTriggers, 0, 'metadata', 'listLength'], 8),
        caught: /ScaledObject\/atelier-worker-text: .*listLength must be string/,
      },
      {
        what: 'a renamed queue in a ScaledObject',
        file: generated,
        edit: set('ScaledObject', 'atelier-worker-text', [...textTriggers, 0, 'metadata', 'listName'], `${firstTextList}-renamed:wait`),
        caught: new RegExp(`no trigger reads ${firstTextList}:wait`),
      },
      {
        what: 'another REDIS_PREFIX than the lists use',
        file: 'base/config.env',
        edit: { from: 'REDIS_PREFIX=atelier', to: 'REDIS_PREFIX=studio' },
        caught: /no trigger reads studio:[a-z0-9-]+:wait/,
      },
      {
        what: 'a tool in no pool (the text pool named by kind, all of its tools but one)',
        file: 'base/worker-text.yaml',
        edit: workerTools('atelier-worker-text', textTools.slice(0, -1).join(',')),
        caught: new RegExp(`the tool ${textTools.at(-1)} is in no worker pool`),
      },
      {
        what: 'a pool that names no tool',
        file: 'base/worker-text.yaml',
        edit: workerTools('atelier-worker-text', 'output:text,no-such-tool'),
        caught: /Deployment\/atelier-worker-text: WORKER_TOOLS names no-such-tool, which is no tool nor group/,
      },
      {
        what: 'a pool that names no group',
        file: 'base/worker-images.yaml',
        edit: workerTools('atelier-worker-images', 'output:images'),
        caught: /Deployment\/atelier-worker-images: WORKER_TOOLS names output:images, which is no tool nor group/,
      },
      {
        what: 'a tool in two pools',
        file: 'base/worker-text.yaml',
        edit: workerTools('atelier-worker-text', `output:text,${deployedTools().find((t) => t.output === 'image')!.kind}`),
        caught: /is already in the pool/,
      },
      {
        what: 'a writable root filesystem',
        file: 'base/api.yaml',
        edit: set('Deployment', 'atelier-api', [...CONTAINER, 'securityContext', 'readOnlyRootFilesystem'], false),
        caught: /atelier-api container api: readOnlyRootFilesystem must be true/,
      },
      {
        what: 'a variable config.ts does not read',
        file: 'base/worker-images.yaml',
        edit: (docs) => {
          const doc = object(docs, 'Deployment', 'atelier-worker-images');
          doc.setIn([...CONTAINER, 'env', envIndex(doc, 'WORKER_METRICS_PORT'), 'name'], 'WORKER_METRIC_PORT');
        },
        caught: /sets WORKER_METRIC_PORT, which server\/shared\/platform\/config.ts does not read/,
      },
      {
        what: 'a value config.ts refuses',
        file: 'base/config.env',
        edit: { from: 'LOG_LEVEL=info', to: 'LOG_LEVEL=loud' },
        caught: /config.ts refuses its environment: .*LOG_LEVEL/,
      },
      {
        what: 'a grace period shorter than the drain',
        file: 'base/worker-images.yaml',
        edit: set('Deployment', 'atelier-worker-images', ['spec', 'template', 'spec', 'terminationGracePeriodSeconds'], 30),
        caught: /terminationGracePeriodSeconds \(30\) must exceed/,
      },
      {
        what: 'a readiness probe off /readyz',
        file: 'base/api.yaml',
        edit: set('Deployment', 'atelier-api', [...CONTAINER, 'readinessProbe', 'httpGet', 'path'], '/healthz'),
        caught: /the API's readinessProbe is GET \/readyz/,
      },
      {
        what: 'a fixed replica count under an autoscaler',
        file: 'base/api.yaml',
        edit: (docs) => object(docs, 'Deployment', 'atelier-api').setIn(['spec', 'replicas'], 2),
        caught: /an autoscaler owns its replica count/,
      },
      {
        what: 'a missing resource (kustomize)',
        file: 'base/kustomization.yaml',
        edit: ([doc]) => {
          const resources = doc!.get('resources') as YAMLSeq;
          const i = (resources.toJSON() as string[]).indexOf('keda.yaml');
          expect(i).toBeGreaterThanOrEqual(0);
          resources.set(i, 'keda-missing.yaml');
        },
        caught: /kustomize could not render/,
      },
    ];
    for (const c of cases) {
      it(c.what, () => {
        const problems = brokenProblems(c.file, c.edit);
        expect(problems.join('\n')).toMatch(c.caught);
      });
    }
  });
});
