// A job as the developer API writes it (docs/api-v1.md): snake_case JSON with an `object`
// field. The jobs API answers it (with the creation) and webhooks carry it (with the creation's
// id), so a job reads the same wherever a developer meets it (docs/webhooks.md).
import type { Job } from '../db/generated/client.js';
import type { JobPhase } from '../db/generated/enums.js';

export const API_V1 = '/api/v1';

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export const statusOf = (phase: JobPhase): JobStatus =>
  phase === 'QUEUED' ? 'queued' : phase === 'COMPLETED' ? 'completed' : phase === 'FAILED' ? 'failed' : phase === 'CANCELLED' ? 'cancelled' : 'running';

export interface JobLinksJson {
  self: string;
  events: string;
  cancel: string;
}

/** A job's fields but its creation (the jobs API adds the creation, a webhook its id). */
export interface JobFieldsJson {
  id: string;
  object: 'job';
  tool: string;
  status: JobStatus;
  phase: JobPhase;
  percent: number;
  message: string | null;
  error: { code: string; message: string } | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  links: JobLinksJson;
}

/** `base`: what goes before the paths ("" answers relative links; a webhook names PUBLIC_URL). */
export const jobLinks = (id: string, base = ''): JobLinksJson => ({
  self: `${base}${API_V1}/jobs/${id}`,
  events: `${base}${API_V1}/jobs/${id}/events`,
  cancel: `${base}${API_V1}/jobs/${id}/cancel`,
});

export function jobFieldsJson(
  job: Pick<Job, 'id' | 'kind' | 'phase' | 'percent' | 'message' | 'error' | 'errorCode' | 'createdAt' | 'startedAt' | 'finishedAt'>,
  base = '',
): JobFieldsJson {
  return {
    id: job.id,
    object: 'job',
    tool: job.kind,
    status: statusOf(job.phase),
    phase: job.phase,
    percent: job.percent,
    message: job.message,
    error: job.phase === 'FAILED' ? { code: job.errorCode ?? 'INTERNAL_SERVER_ERROR', message: job.error ?? job.message ?? 'The job failed' } : null,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    links: jobLinks(job.id, base),
  };
}
