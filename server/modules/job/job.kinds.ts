// Every AI tool is a job kind with its own BullMQ queue (DESIGN.md §1).
export const ToolKind = {
  ARTICLE: 'article',
  BLOG_TITLES: 'blog-titles',
  RESUME_REVIEW: 'resume-review',
  IMAGE: 'image',
  BACKGROUND_REMOVAL: 'background-removal',
  OBJECT_REMOVAL: 'object-removal',
  /** Does nothing: measures the pipeline itself (`npm run bench`; only with ENABLE_NOOP_TOOL). */
  NOOP: 'noop',
} as const;
export type ToolKind = (typeof ToolKind)[keyof typeof ToolKind];

/** What the BullMQ job carries: only the id; the input lives on the Job row. */
export interface QueuePayload {
  jobId: string;
}

/** Kept on the Job row's input so a failed or cancelled job gives its quota back. */
export interface QuotaCharge {
  kind: 'text';
  month: string;
}

export const currentMonth = (d = new Date()) => d.toISOString().slice(0, 7);
