// The REST mirror runs the same jobs synchronously: start one, wait for it to end, then
// answer {success, content, message} (product §7).
import type { Response } from 'express';
import type { AuthedRequest } from '../../rest.js';
import type { CreationService } from '../creation/creation.service.js';
import type { Job, JobService } from './job.service.js';

/** What waiting for a job's end and answering with its creation needs. */
export interface JobAnswerDeps {
  jobs: JobService;
  creations: CreationService;
}

export async function answerWhenDone(app: JobAnswerDeps, req: AuthedRequest, res: Response, job: Job): Promise<void> {
  const end = await app.jobs.settle(job.id, req.user.id);
  if (end.phase === 'COMPLETED' && end.creationId) {
    const creation = await app.creations.visible(end.creationId, req.user.id);
    res.json({ success: true, content: creation ? await app.creations.contentOf(creation) : '', message: end.message ?? '' });
    return;
  }
  const status = end.phase === 'CANCELLED' ? 409 : 502;
  res.status(status).json({ success: false, content: '', message: end.message ?? 'The job did not finish', code: end.phase });
}
