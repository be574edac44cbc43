// Checks of deploy/kubernetes as a cluster would get it (tests/operations/kubernetes-manifests.test.ts):
// each overlay rendered by kustomize, every object validated against its API schema (Kubernetes'
// from kubernetes-models, KEDA's from @kubernetes-models/keda), then this project's own rules.
// Each check returns problems as text, so a broken copy can show which rule caught it.
import { spawnSync } from 'node:child_process';
import { QueueKeys } from 'bullmq';
import { apps, autoscaling, batch, networkingK8sIo, policy, v1 } from 'kubernetes-models';
import { v1alpha1 as kedaV1alpha1 } from '@kubernetes-models/keda/keda.sh';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../server/shared/platform/config.js';
import { JOB_TIMEOUT_MS_DEFAULT } from '../../server/shared/platform/constants.js';
import { shutdownBudgetMs } from '../../server/shared/platform/process.js';
import { poolEntries, poolKinds, workerPoolProblems } from './worker-pools.js';

// A rendered object, read loosely: the schemas have checked its shape before the rules read it.
export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec?: any; data?: Record<string, string> };

/** Variables the processes read that are not Atelier's configuration: glibc's. */
const PLATFORM_VARIABLES = new Set(['MALLOC_ARENA_MAX']);

const MODELS: Record<string, Record<string, unknown>> = {
  v1: v1 as Record<string, unknown>,
  'apps/v1': apps.v1 as Record<string, unknown>,
  'batch/v1': batch.v1 as Record<string, unknown>,
  'networking.k8s.io/v1': networkingK8sIo.v1 as Record<string, unknown>,
  'autoscaling/v2': autoscaling.v2 as Record<string, unknown>,
  'policy/v1': policy.v1 as Record<string, unknown>,
  'keda.sh/v1alpha1': kedaV1alpha1 as Record<string, unknown>,
};

/** kustomize v5: kubectl's (>= 1.27) or the standalone binary. */
export function kustomizeCommand(): { command: string; args: string[]; version: string } | null {
  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  const kustomizeVersion = /Kustomize Version: v?(\d+)\.\S+/.exec(kubectl.stdout ?? '');
  if (kubectl.status === 0 && kustomizeVersion && Number(kustomizeVersion[1]) >= 5) return { command: 'kubectl', args: ['kustomize'], version: kustomizeVersion[0] };
  const standalone = spawnSync('kustomize', ['version'], { encoding: 'utf8' });
  const standaloneVersion = /v?(\d+)\.\d+\.\d+/.exec(standalone.stdout ?? '');
  if (standalone.status === 0 && standaloneVersion && Number(standaloneVersion[1]) >= 5) return { command: 'kustomize', args: ['build'], version: standaloneVersion[0] };
  return null;
}

/** The objects `kustomize build dir` makes; throws with kustomize's message when it cannot. */
export function render(dir: string): K8sObject[] {
  const kustomize = kustomizeCommand();
  if (!kustomize) throw new Error('kustomize v5 is needed: kubectl >= 1.27 (`kubectl kustomize`) or kustomize >= 5 on the PATH');
  const run = spawnSync(kustomize.command, [...kustomize.args, dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`kustomize could not render ${dir}: ${run.stderr.trim()}`);
  return parseAllDocuments(run.stdout)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}

const id = (o: K8sObject) => `${o.kind}/${o.metadata?.name}`;

/** Every object against its kind's schema; a kind without one is a problem too. */
export function schemaProblems(objects: K8sObject[]): string[] {
  return objects.flatMap((o) => {
    const Model = MODELS[o.apiVersion]?.[o.kind] as (new (data: unknown) => { validate(): void }) | undefined;
    if (!Model) return [`${id(o)}: no schema for ${o.apiVersion} ${o.kind}`];
    // kustomize wraps a long Secret value's base64 over lines; the API server's decoder skips the
    // line breaks, the schema's "byte" format does not.
    const data = o.kind === 'Secret' && o.data ? Object.fromEntries(Object.entries(o.data).map(([k, v]) => [k, v.replace(/\s+/g, '')])) : o.data;
    try {
      new Model({ ...o, ...(data ? { data } : {}) }).validate();
      return [];
    } catch (e) {
      return [`${id(o)}: ${(e as Error).message}`];
    }
  });
}

/** 250m → 0.25, 2Gi → bytes, '1' → 1. */
export function quantity(q: string | number | undefined): number {
  if (q === undefined) return NaN;
  const m = /^([\d.]+)([a-zA-Z]*)$/.exec(String(q));
  if (!m) return NaN;
  const units: Record<string, number> = { '': 1, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };
  const unit = units[m[2]!];
  return unit === undefined ? NaN : Number(m[1]) * unit;
}

const decode = (s: K8sObject): Record<string, string> => Object.fromEntries(Object.entries(s.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]));

type Container = any;

/** One rendered kustomization, indexed for the rules. */
interface Rendered {
  objects: K8sObject[];
  byKind: (kind: string) => K8sObject[];
  configMaps: Map<string, Record<string, string>>;
  secrets: Map<string, Record<string, string>>;
  deployments: Map<string, K8sObject>;
  auths: Map<string, K8sObject>;
  /** Secrets made outside the overlay (production's): referenced, never rendered. */
  external: Set<string>;
}

/** A container's environment as the process gets it: envFrom's ConfigMaps and Secrets, then env. */
function environment(c: Container, r: Rendered): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, r.configMaps.get(from.configMapRef.name) ?? {});
    if (from.secretRef) Object.assign(env, r.secrets.get(from.secretRef.name) ?? {});
  }
  for (const e of c.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef ?? e.valueFrom?.configMapKeyRef;
    env[e.name] = e.value ?? (ref ? ((e.valueFrom.secretKeyRef ? r.secrets : r.configMaps).get(ref.name)?.[ref.key] ?? '') : '');
  }
  return env;
}

export interface RuleOptions {
  /** Secrets made outside the overlay (production's): referenced, never rendered. */
  externalSecrets?: readonly string[];
}

/** This project's rules over one rendered kustomization (an overlay's app, or its migration). */
export function ruleProblems(objects: K8sObject[], options: RuleOptions = {}): string[] {
  const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const r: Rendered = {
    objects,
    byKind,
    configMaps: new Map(byKind('ConfigMap').map((o) => [o.metadata.name, o.data ?? {}])),
    secrets: new Map(byKind('Secret').map((o) => [o.metadata.name, decode(o)])),
    deployments: new Map(byKind('Deployment').map((o) => [o.metadata.name, o])),
    auths: new Map(byKind('TriggerAuthentication').map((t) => [t.metadata.name, t])),
    external: new Set(options.externalSecrets ?? []),
  };
  return [...workloadProblems(r), ...referenceProblems(r), ...poolProblems(r)];
}

/** Pods: non-root, no token, one image; a Deployment under an autoscaler sets no replica count. */
function workloadProblems(r: Rendered): string[] {
  const problems: string[] = [];
  const scaled = new Set([...r.byKind('HorizontalPodAutoscaler'), ...r.byKind('ScaledObject')].map((a) => a.spec.scaleTargetRef.name as string));
  const images = new Set<string>();
  for (const object of [...r.byKind('Deployment'), ...r.byKind('Job')]) {
    const where = id(object);
    const pod = object.spec?.template?.spec ?? {};
    const sc = pod.securityContext ?? {};
    if (sc.runAsNonRoot !== true) problems.push(`${where}: the pod must set securityContext.runAsNonRoot: true`);
    if (!(Number.isInteger(sc.runAsUser) && sc.runAsUser > 0)) problems.push(`${where}: the pod must run as a numeric non-root runAsUser`);
    if (sc.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${where}: the pod must use the RuntimeDefault seccomp profile`);
    if (pod.automountServiceAccountToken !== false) problems.push(`${where}: no service account token is needed (automountServiceAccountToken: false)`);
    if (object.kind === 'Deployment' && scaled.has(object.metadata.name) && object.spec.replicas !== undefined)
      problems.push(`${where}: an autoscaler owns its replica count; spec.replicas would reset it on every apply`);
    for (const c of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
      images.add(c.image);
      problems.push(...containerProblems(r, object, pod, c));
    }
  }
  if (images.size > 1) problems.push(`every container runs the one Atelier image, not ${[...images].join(', ')}`);
  return problems;
}

/** A container: locked down, sized, its references and variables known; a Deployment's probed and drained in time. */
function containerProblems(r: Rendered, object: K8sObject, pod: Container, c: Container): string[] {
  const problems: string[] = [];
  const at = `${id(object)} container ${c.name}`;
  const csc = c.securityContext ?? {};
  if (csc.readOnlyRootFilesystem !== true) problems.push(`${at}: readOnlyRootFilesystem must be true`);
  if (csc.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation must be false`);
  if (!(csc.capabilities?.drop ?? []).includes('ALL')) problems.push(`${at}: capabilities must drop ALL`);
  if (csc.runAsNonRoot === false || csc.runAsUser === 0) problems.push(`${at}: must not run as root`);
  const req = c.resources?.requests ?? {};
  const lim = c.resources?.limits ?? {};
  if (!(quantity(req.cpu) > 0 && quantity(req.memory) > 0)) problems.push(`${at}: resources.requests needs cpu and memory`);
  if (!(quantity(lim.memory) >= quantity(req.memory))) problems.push(`${at}: resources.limits.memory must be set, at least the request`);
  const tmp = (c.volumeMounts ?? []).find((m: Container) => m.mountPath === '/tmp');
  const volume = (pod.volumes ?? []).find((v: Container) => v.name === tmp?.name);
  if (!volume?.emptyDir) problems.push(`${at}: /tmp must be a writable emptyDir (the root filesystem is read-only)`);
  if (/:latest$/.test(c.image) || !/:[\w.-]+$/.test(c.image)) problems.push(`${at}: image ${c.image} must name a tag other than latest`);

  // Every reference resolves, and every variable set is one Atelier reads.
  for (const from of c.envFrom ?? []) {
    const cm = from.configMapRef?.name;
    const s = from.secretRef?.name;
    if (cm && !r.configMaps.has(cm)) problems.push(`${at}: ConfigMap ${cm} is not rendered`);
    if (s && !r.secrets.has(s) && !r.external.has(s)) problems.push(`${at}: Secret ${s} is neither rendered nor made outside the overlay`);
  }
  const env = environment(c, r);
  // A variable config.ts does not know is left out of what it returns.
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = loadConfig(env) as unknown as Record<string, unknown>;
  } catch (e) {
    problems.push(`${at}: config.ts refuses its environment: ${(e as Error).message.replace(/\s+/g, ' ')}`);
  }
  for (const name of parsed ? Object.keys(env) : []) {
    if (!(name in parsed!) && !PLATFORM_VARIABLES.has(name)) problems.push(`${at}: sets ${name}, which server/shared/platform/config.ts does not read`);
  }
  if (object.kind !== 'Deployment') return problems;

  // Probes: a Deployment's container is watched; the API's on /healthz and /readyz, a worker's from start-up.
  const ports = new Set<string | number>((c.ports ?? []).flatMap((p: Container) => [p.name, p.containerPort]));
  for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe'] as const) {
    const port = c[kind]?.httpGet?.port;
    if (port !== undefined && !ports.has(port)) problems.push(`${at}: ${kind} names port ${port}, which the container does not open`);
  }
  if (!c.livenessProbe) problems.push(`${at}: needs a livenessProbe`);
  if (env.WORKER_TOOLS !== undefined) {
    if (!c.startupProbe) problems.push(`${at}: a worker needs a startupProbe (it opens its queues before it answers)`);
  } else {
    if (c.livenessProbe?.httpGet?.path !== '/healthz') problems.push(`${at}: the API's livenessProbe is GET /healthz`);
    if (c.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${at}: the API's readinessProbe is GET /readyz`);
    if (!(c.ports ?? []).some((p: Container) => String(p.containerPort) === env.PORT)) problems.push(`${at}: opens no containerPort equal to PORT (${env.PORT})`);
  }
  // The drain fits in the grace period: preStop, then the process's own shutdown budget
  // (its drain settings, as loadConfig reads them, plus the time it takes to close), before SIGKILL.
  if (!parsed) return problems;
  const budgetMs = shutdownBudgetMs(parsed as unknown as Parameters<typeof shutdownBudgetMs>[0], env.WORKER_TOOLS !== undefined ? 'worker' : 'api');
  const preStop = c.lifecycle?.preStop?.exec?.command;
  const preStopMs = preStop?.[0] === 'sleep' ? Number(preStop[1]) * 1000 : 0;
  const graceMs = (pod.terminationGracePeriodSeconds ?? 30) * 1000;
  if (!(graceMs > preStopMs + budgetMs))
    problems.push(`${at}: terminationGracePeriodSeconds (${graceMs / 1000}) must exceed the preStop wait plus the shutdown budget (${(preStopMs + budgetMs) / 1000} s)`);
  return problems;
}

/** Services, the Ingress, the autoscalers, the budgets and KEDA's authentication point at what exists. */
function referenceProblems(r: Rendered): string[] {
  const problems: string[] = [];
  const selects = (selector: Record<string, string> | undefined) =>
    [...r.deployments.values()].filter((d) => selector && Object.entries(selector).every(([k, v]) => d.spec.template.metadata?.labels?.[k] === v));
  for (const s of r.byKind('Service')) {
    const targets = selects(s.spec.selector);
    if (targets.length === 0) problems.push(`${id(s)}: selects no Deployment`);
    for (const p of s.spec.ports ?? []) {
      const open = targets.some((d) =>
        d.spec.template.spec.containers.some((c: Container) => (c.ports ?? []).some((cp: Container) => cp.name === p.targetPort || cp.containerPort === p.targetPort)),
      );
      if (!open) problems.push(`${id(s)}: targetPort ${p.targetPort} is no container's port`);
    }
  }
  for (const ing of r.byKind('Ingress')) {
    for (const rule of ing.spec.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const svc = r.byKind('Service').find((o) => o.metadata.name === path.backend.service?.name);
        const port = path.backend.service?.port;
        if (!svc) problems.push(`${id(ing)}: backend Service ${path.backend.service?.name} is not rendered`);
        else if (!svc.spec.ports.some((p: Container) => p.name === port?.name || p.port === port?.number))
          problems.push(`${id(ing)}: the Service has no port ${port?.name ?? port?.number}`);
      }
    }
    const publicUrl = [...r.configMaps.values()].map((d) => d.PUBLIC_URL).find(Boolean);
    const hosts = (ing.spec.rules ?? []).map((rule: Container) => rule.host);
    if (publicUrl && !hosts.includes(new URL(publicUrl).hostname))
      problems.push(`${id(ing)}: PUBLIC_URL (${publicUrl}) names a host the Ingress does not serve (${hosts.join(', ')})`);
    if (publicUrl?.startsWith('https:') && !(ing.spec.tls ?? []).some((t: Container) => t.hosts?.includes(new URL(publicUrl).hostname)))
      problems.push(`${id(ing)}: PUBLIC_URL is https but the Ingress has no TLS for its host`);
  }
  for (const h of r.byKind('HorizontalPodAutoscaler'))
    if (!r.deployments.has(h.spec.scaleTargetRef.name)) problems.push(`${id(h)}: scales ${h.spec.scaleTargetRef.name}, which is not rendered`);
  for (const p of r.byKind('PodDisruptionBudget')) if (selects(p.spec.selector?.matchLabels).length === 0) problems.push(`${id(p)}: selects no Deployment`);
  for (const t of r.auths.values()) {
    for (const ref of t.spec.secretTargetRef ?? []) {
      const s = r.secrets.get(ref.name);
      if (!s && !r.external.has(ref.name)) problems.push(`${id(t)}: Secret ${ref.name} is neither rendered nor made outside the overlay`);
      else if (s && !(ref.key in s)) problems.push(`${id(t)}: Secret ${ref.name} has no key ${ref.key}`);
    }
  }
  return problems;
}

/**
 * Worker pools: each worker Deployment runs some tools (WORKER_TOOLS: kinds or groups, resolved
 * against the catalogue), together every tool of the catalogue once, and its ScaledObject
 * (generated, scripts/keda-scaled-objects.ts) reads exactly those queues' wait lists under the
 * prefix the pods use, with BullMQ's own key names.
 */
function poolProblems(r: Rendered): string[] {
  const { objects, auths } = r;
  const problems: string[] = [];
  const scaledObjects = objects.filter((o) => o.kind === 'ScaledObject');
  const pools: { where: string; entries: string[] }[] = [];
  let alwaysOn = false;
  for (const d of objects.filter((o) => o.kind === 'Deployment')) {
    const c = d.spec.template.spec.containers[0];
    const env = environment(c, r);
    if (env.WORKER_TOOLS === undefined) continue;
    const where = id(d);
    const entries = poolEntries(env.WORKER_TOOLS);
    const kinds = poolKinds(entries);
    pools.push({ where, entries });
    const so = scaledObjects.find((s) => s.spec.scaleTargetRef.name === d.metadata.name);
    if (!so) {
      problems.push(`${where}: no ScaledObject scales this worker pool`);
      continue;
    }
    const keys = new QueueKeys(env.REDIS_PREFIX ?? 'atelier');
    const triggers: { listName?: string }[] = so.spec.triggers.map((t: Container) => {
      if (t.type !== 'redis') problems.push(`${id(so)}: trigger ${t.name ?? t.type} is not a redis list trigger`);
      if (!auths.has(t.authenticationRef?.name)) problems.push(`${id(so)}: trigger ${t.name ?? t.type} authenticates with ${t.authenticationRef?.name}, which is not rendered`);
      if (!(Number(t.metadata?.listLength) > 0)) problems.push(`${id(so)}: trigger ${t.name ?? t.type} needs a listLength above 0`);
      return t.metadata ?? {};
    });
    const lists = new Set(triggers.map((t) => t.listName));
    const wait = kinds.map((k) => keys.getKeys(k).wait!);
    const active = kinds.map((k) => keys.getKeys(k).active!);
    for (const key of wait) if (!lists.has(key)) problems.push(`${id(so)}: no trigger reads ${key}, the wait list of a queue this pool runs`);
    for (const name of lists) if (!wait.includes(name!) && !active.includes(name!)) problems.push(`${id(so)}: ${name} is the wait or active list of no queue this pool runs`);
    const min = so.spec.minReplicaCount ?? 0;
    if (min >= 1) alwaysOn = true;
    const jobTimeoutMs = Number(env.JOB_TIMEOUT_MS ?? JOB_TIMEOUT_MS_DEFAULT);
    if (min === 0 && !((so.spec.cooldownPeriod ?? 300) * 1000 > jobTimeoutMs))
      problems.push(`${id(so)}: scales to zero, so cooldownPeriod must outlast a job (JOB_TIMEOUT_MS ${jobTimeoutMs / 1000} s)`);
  }
  if (!objects.some((o) => o.kind === 'Deployment')) return problems; // the migration's kustomization
  problems.push(...workerPoolProblems(pools));
  if (pools.length > 0 && !alwaysOn) problems.push('every worker pool may scale to zero: webhook deliveries and the abandoned-job sweep need one worker running');
  return problems;
}

/** Example Secrets (development) hold placeholders, and KEDA's view of Redis is REDIS_URL's. */
export function exampleSecretProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const secrets = new Map(objects.filter((o) => o.kind === 'Secret').map((o) => [o.metadata.name, decode(o)]));
  for (const [name, data] of secrets) {
    for (const [key, value] of Object.entries(data)) {
      if (/SECRET|PASSWORD|KEY|TOKEN|_URL$/i.test(key) && value !== '' && !value.includes('change-me'))
        problems.push(`Secret/${name}: ${key} looks real; example values say change-me`);
    }
  }
  const app = secrets.get('atelier-secrets');
  const keda = secrets.get('atelier-keda-redis');
  if (app?.REDIS_URL && keda) {
    const url = new URL(app.REDIS_URL);
    if (keda.address !== `${url.hostname}:${url.port || 6379}`)
      problems.push(`Secret/atelier-keda-redis: address ${keda.address} is not REDIS_URL's ${url.hostname}:${url.port || 6379}`);
    if ((keda.password ?? '') !== decodeURIComponent(url.password)) problems.push('Secret/atelier-keda-redis: password is not REDIS_URL’s');
  }
  return problems;
}
