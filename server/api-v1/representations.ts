// What the jobs API answers (docs/api-v1.md): a job, a creation, a page of creations and the
// usage, in snake_case JSON with an `object` field, as the OpenAPI document's components
// (openapi-components.ts) describe them.
import type { Creation } from '../shared/db/generated/client.js';
import type { JobPhase } from '../shared/db/generated/enums.js';
import { metadataOf, providerOf } from '../modules/creation/creation.service.js';
import type { Job } from '../modules/job/job.service.js';

export const API_V1 = '/api/v1';

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export const statusOf = (phase: JobPhase): JobStatus =>
  phase === 'QUEUED' ? 'queued' : phase === 'COMPLETED' ? 'completed' : phase === 'FAILED' ? 'failed' : phase === 'CANCELLED' ? 'cancelled' : 'running';

export interface CreationJson {
  id: string;
  object: 'creation';
  type: Creation['type'];
  prompt: string;
  /** Markdown for text tools, the image's URL for image tools. */
  content: string;
  published: boolean;
  like_count: number;
  provider: string;
  /** The other creations the same request made (several pictures), oldest first; empty for one. */
  batch: string[];
  job_id: string | null;
  created_at: string;
}

export interface JobJson {
  id: string;
  object: 'job';
  tool: string;
  status: JobStatus;
  phase: JobPhase;
  percent: number;
  message: string | null;
  error: { code: string; message: string } | null;
  creation: CreationJson | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  links: { self: string; events: string; cancel: string };
}

export function creationJson(c: Creation, content: string): CreationJson {
  const batch = metadataOf(c.metadata).batch;
  return {
    id: c.id,
    object: 'creation',
    type: c.type,
    prompt: c.prompt,
    content,
    published: c.published,
    like_count: c.likeCount,
    provider: providerOf(c.metadata),
    batch: Array.isArray(batch) ? batch.filter((id): id is string => typeof id === 'string' && id !== c.id) : [],
    job_id: c.jobId,
    created_at: c.createdAt.toISOString(),
  };
}

export const jobLinks = (id: string) => ({ self: `${API_V1}/jobs/${id}`, events: `${API_V1}/jobs/${id}/events`, cancel: `${API_V1}/jobs/${id}/cancel` });

export function jobJson(job: Job, creation: CreationJson | null): JobJson {
  const failed = job.phase === 'FAILED';
  return {
    id: job.id,
    object: 'job',
    tool: job.kind,
    status: statusOf(job.phase),
    phase: job.phase,
    percent: job.percent,
    message: job.message,
    error: failed ? { code: job.errorCode ?? 'INTERNAL_SERVER_ERROR', message: job.error ?? job.message ?? 'The job failed' } : null,
    creation,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    links: jobLinks(job.id),
  };
}
