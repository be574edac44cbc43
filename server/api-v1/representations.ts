// What the jobs API answers (docs/api-v1.md): a job, a creation, a page of creations and the
// usage, in snake_case JSON with an `object` field, as the OpenAPI document's components
// (openapi-components.ts) describe them.
import type { Creation } from '../shared/db/generated/client.js';
import { jobFieldsJson, type JobFieldsJson } from '../shared/jobs/job-json.js';
import { metadataOf, providerOf } from '../modules/creation/creation.service.js';
import type { Job } from '../modules/job/job.service.js';

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
  /** What to look at closely in this result (it passed its checks but may not convince); null for a plain success. */
  note: string | null;
  /** The other creations the same request made (several pictures), oldest first; empty for one. */
  batch: string[];
  job_id: string | null;
  created_at: string;
}

export interface JobJson extends JobFieldsJson {
  /** Set once completed. */
  creation: CreationJson | null;
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
    note: typeof metadataOf(c.metadata).note === 'string' ? (metadataOf(c.metadata).note as string) : null,
    batch: Array.isArray(batch) ? batch.filter((id): id is string => typeof id === 'string' && id !== c.id) : [],
    job_id: c.jobId,
    created_at: c.createdAt.toISOString(),
  };
}

export const jobJson = (job: Job, creation: CreationJson | null): JobJson => ({ ...jobFieldsJson(job), creation });
