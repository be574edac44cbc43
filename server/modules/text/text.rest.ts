// REST mirror of the text tools (spec §7).
import { Router } from 'express';
import { authed, type RestDeps, type RestUploadConfig } from '../../rest.js';
import { parseRestUploads, restFile } from '../../uploads.js';
import { answerWhenDone, type JobAnswerDeps } from '../job/job.rest.js';
import type { TextToolService } from './text.service.js';
import { ARTICLE_LENGTH_WORDS, BLOG_CATEGORY_LABELS, type ArticleLength, type BlogCategory } from '../../domain.js';

/** 800 / 1200 / 1600 (the REST spelling) → SHORT / MEDIUM / LONG; anything else is left for validation. */
function lengthOf(words: unknown): ArticleLength | string {
  const n = Number(words);
  const hit = (Object.entries(ARTICLE_LENGTH_WORDS) as [ArticleLength, number][]).find(([, w]) => w === n);
  return hit?.[0] ?? (words === undefined ? 'SHORT' : String(words));
}

/** The REST body carries the composed prompt; the topic is what the client put in it. */
export function topicOf(prompt: unknown): unknown {
  if (typeof prompt !== 'string') return prompt;
  const m = /^Write an article about ([\s\S]+?) in (?:Short|Medium|Long)\b[\s\S]*$/i.exec(prompt.trim());
  return m ? m[1] : prompt;
}

export function keywordAndCategoryOf(prompt: unknown): { keyword: unknown; category: BlogCategory | string } {
  if (typeof prompt !== 'string') return { keyword: prompt, category: 'GENERAL' };
  const m = /^Generate a blog title for the keyword ([\s\S]+?) in the category (.+)$/i.exec(prompt.trim());
  if (!m) return { keyword: prompt, category: 'GENERAL' };
  const label = m[2]!.trim().toLowerCase();
  const category = (Object.entries(BLOG_CATEGORY_LABELS) as [BlogCategory, string][]).find(([, l]) => l.toLowerCase() === label)?.[0];
  return { keyword: m[1], category: category ?? label.toUpperCase() };
}

export function textRoutes(app: RestDeps & JobAnswerDeps & { text: TextToolService; config: RestUploadConfig }): Router {
  const r = Router();
  r.post(
    '/api/ai/generate-article',
    authed(app, async (req, res) => {
      const job = await app.text.generateArticle(req.user, { topic: topicOf(req.body?.prompt), length: lengthOf(req.body?.length) });
      await answerWhenDone(app, req, res, job);
    }),
  );
  r.post(
    '/api/ai/generate-blog-title',
    authed(app, async (req, res) => {
      const job = await app.text.generateBlogTitles(req.user, keywordAndCategoryOf(req.body?.prompt));
      await answerWhenDone(app, req, res, job);
    }),
  );
  r.post(
    '/api/ai/resume-review',
    authed(app, async (req, res) => {
      const job = await app.text.reviewResume(req.user, async () => {
        await parseRestUploads(req, res, ['resume'], app.config.UPLOAD_MAX_BYTES, app.config.UPLOAD_IDLE_TIMEOUT_MS);
        return restFile(req, 'resume');
      });
      await answerWhenDone(app, req, res, job);
    }),
  );
  return r;
}
