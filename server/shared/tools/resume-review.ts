// Resume review (product §5, Premium): a PDF read in a bounded child process, then a review
// streamed as markdown. The resume is personal data: deleted as soon as the job ends.
import { z } from 'zod';
import { defineTool } from './tool.js';

export const resumeReviewTool = defineTool({
  kind: 'resume-review',
  creationType: 'RESUME_REVIEW',
  output: 'text',
  plan: 'PREMIUM',
  quota: null,
  input: z.object({}),
  uploads: [{ field: 'resume', key: 'uploadKey', accept: 'pdf', missing: 'Please select a resume file first' }],
  api: { path: '/resume-reviews', summary: 'Review a PDF resume (Premium)', example: {} },
  graphql: { mutation: 'reviewResume', description: 'Starts reviewing a PDF resume (Premium); follow it with jobProgress', fields: 'arguments' },
  prompt: () => 'Review the uploaded resume',
  phases: { ANALYZING: [10, 'Reading the resume'], PROCESSING: [25, 'Analyzing'], FINALIZING: [95, 'Generating the report'] },
  rest: { path: '/api/ai/resume-review', body: 'multipart `resume` (PDF)', fromBody: () => ({}) },
});
