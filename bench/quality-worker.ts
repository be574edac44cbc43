// The image tools in a real worker process (`npm run worker`) behind a real API, on a 12 MP
// photo uploaded as a phone would (JPEG): the time of the first job (model load included) and
// of the second, and the worker process's peak RSS (VmHWM, read from /proc).
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { composite } from '../tests/fixtures/ground-truth.js';
import { startAppProcess } from './app-processes.js';
import { jobBenchEnv } from './pipeline.js';
import { withDefaultUser } from '../server/shared/platform/config.js';

export interface WorkerRun {
  tool: string;
  ms: number;
  ok: boolean;
  message: string;
}

async function call(url: string, path: string, token: string, form: FormData): Promise<{ ok: boolean; message: string }> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { success: boolean; message?: string };
  return { ok: body.success, message: body.message ?? '' };
}

export async function workerImageBench(): Promise<{ runs: WorkerRun[]; workerPeakRssMB: number; workerIdleRssMB: number; uploadMB: number }> {
  const databaseUrl = withDefaultUser(process.env.BENCH_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_bench');
  const { applyMigrations } = await import('../server/shared/db/migrations.js');
  await applyMigrations(databaseUrl);
  const env = { ...jobBenchEnv(databaseUrl, `atelier-bench-quality-${Date.now()}`, 100, 4), WORKER_CONCURRENCY: '4', JOB_TIMEOUT_MS: '300000' };
  const api = await startAppProcess('api', env);
  const worker = await startAppProcess('worker', env);
  const status = (): string => readFileSync(`/proc/${worker.child.pid}/status`, 'utf8');
  const mb = (field: string): number => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status())?.[1] ?? 0) / 1024);
  try {
    const gql = async (query: string, token?: string) => {
      const res = await fetch(`${api.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query }),
      });
      return (await res.json()) as { data: Record<string, { token?: string }> };
    };
    const email = `bench-quality-${Date.now()}@example.test`;
    const token = (await gql(`mutation { signUp(input: {email: "${email}", password: "Bench-Password-1", firstName: "Bench", lastName: "Mark"}) { token } }`)).data.signUp!.token!;
    await gql('mutation { startTrial { plan } }', token);
    const c = await composite({ cutout: 'cat', plate: 'grass', width: 4000, height: 3000, size: 0.4, plateScale: 3 });
    const jpeg = await sharp(c.png).jpeg({ quality: 90 }).toBuffer();
    const workerIdleRssMB = mb('VmRSS');
    const runs: WorkerRun[] = [];
    for (const [tool, path, object] of [
      ['background removal', '/api/ai/remove-image-background', ''],
      ['background removal', '/api/ai/remove-image-background', ''],
      ['object removal by name', '/api/ai/remove-image-object', 'cat'],
      ['object removal by name', '/api/ai/remove-image-object', 'cat'],
    ] as const) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      if (object) form.append('object', object);
      const t = performance.now();
      const r = await call(api.url, path, token, form);
      runs.push({ tool, ms: Math.round(performance.now() - t), ...r });
    }
    return { runs, workerPeakRssMB: mb('VmHWM'), workerIdleRssMB, uploadMB: Math.round((jpeg.length / 2 ** 20) * 10) / 10 };
  } finally {
    await worker.stop();
    await api.stop();
  }
}
