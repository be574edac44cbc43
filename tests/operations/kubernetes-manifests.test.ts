// docs/deployment.md, "From one machine to Kubernetes": deploy/kubernetes renders (kustomize v5)
// into objects that Kubernetes' and KEDA's schemas accept and that keep this project's rules
// (tests/helpers/kubernetes-manifests.ts): non-root read-only containers with probes and resources,
// worker pools whose ScaledObjects read the queues the code uses, only variables config.ts reads.
// Offline: no cluster.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleSecretProblems, kustomizeCommand, render, ruleProblems, schemaProblems, type K8sObject } from '../helpers/kubernetes-manifests.js';

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

    /** deploy/kubernetes copied to a temporary folder, one file changed, the production overlay's problems. */
    function brokenProblems(file: string, from: string | RegExp, to: string): string[] {
      const dir = mkdtempSync(join(tmpdir(), 'atelier-k8s-'));
      dirs.push(dir);
      cpSync(manifests, dir, { recursive: true });
      const path = join(dir, file);
      const text = readFileSync(path, 'utf8');
      const changed = text.replace(from, to);
      expect(changed, `${file} has ${from}`).not.toBe(text);
      writeFileSync(path, changed);
      try {
        return problemsOf(join(dir, 'overlays/production'), PRODUCTION_SECRETS).problems;
      } catch (e) {
        return [(e as Error).message];
      }
    }

    const cases: { what: string; file: string; from: string | RegExp; to: string; caught: RegExp }[] = [
      {
        what: 'a port that is not a number (Kubernetes schema)',
        file: 'base/api.yaml',
        from: 'containerPort: 4000',
        to: 'containerPort: http-4000',
        caught: /Deployment\/atelier-api: .*containerPort must be integer/,
      },
      {
        what: 'a listLength that is not a string (KEDA schema)',
        file: 'base/worker-text.yaml',
        from: "listLength: '8'",
        to: 'listLength: 8',
        caught: /ScaledObject\/atelier-worker-text: .*listLength must be string/,
      },
      {
        what: 'a renamed queue in a ScaledObject',
        file: 'base/worker-text.yaml',
        from: 'listName: atelier:blog-titles:wait',
        to: 'listName: atelier:blog-title:wait',
        caught: /no trigger reads atelier:blog-titles:wait/,
      },
      {
        what: 'another REDIS_PREFIX than the lists use',
        file: 'base/config.env',
        from: 'REDIS_PREFIX=atelier',
        to: 'REDIS_PREFIX=studio',
        caught: /no trigger reads studio:background-removal:wait/,
      },
      {
        what: 'a tool in no pool',
        file: 'base/worker-text.yaml',
        from: 'value: article,blog-titles,resume-review',
        to: 'value: article,blog-titles',
        caught: /the tool resume-review is in no worker pool/,
      },
      {
        what: 'a writable root filesystem',
        file: 'base/api.yaml',
        from: 'readOnlyRootFilesystem: true',
        to: 'readOnlyRootFilesystem: false',
        caught: /atelier-api container api: readOnlyRootFilesystem must be true/,
      },
      {
        what: 'a variable config.ts does not read',
        file: 'base/worker-images.yaml',
        from: '- name: WORKER_METRICS_PORT',
        to: '- name: WORKER_METRIC_PORT',
        caught: /sets WORKER_METRIC_PORT, which server\/shared\/platform\/config.ts does not read/,
      },
      { what: 'a value config.ts refuses', file: 'base/config.env', from: 'LOG_LEVEL=info', to: 'LOG_LEVEL=loud', caught: /config.ts refuses its environment: .*LOG_LEVEL/ },
      {
        what: 'a grace period shorter than the drain',
        file: 'base/worker-images.yaml',
        from: 'terminationGracePeriodSeconds: 75',
        to: 'terminationGracePeriodSeconds: 30',
        caught: /terminationGracePeriodSeconds \(30\) must exceed/,
      },
      { what: 'a readiness probe off /readyz', file: 'base/api.yaml', from: 'path: /readyz', to: 'path: /healthz', caught: /the API's readinessProbe is GET \/readyz/ },
      {
        what: 'a fixed replica count under an autoscaler',
        file: 'base/api.yaml',
        from: '  revisionHistoryLimit: 5',
        to: '  replicas: 2\n  revisionHistoryLimit: 5',
        caught: /an autoscaler owns its replica count/,
      },
      { what: 'a missing resource (kustomize)', file: 'base/kustomization.yaml', from: '  - keda.yaml', to: '  - keda-missing.yaml', caught: /kustomize could not render/ },
    ];
    for (const c of cases) {
      it(c.what, () => {
        const problems = brokenProblems(c.file, c.from, c.to);
        expect(problems.join('\n')).toMatch(c.caught);
      });
    }
  });
});
