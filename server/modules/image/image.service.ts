// The image tools: generation, background removal and object removal. Each checks the
// plan, request rate and running jobs first (before an upload is read or decoded),
// validates its input (uploads by their bytes), keeps the upload privately for the
// worker, and queues a job.
import { z } from 'zod';
import type { Services } from '../../context.js';
import type { User } from '../../db/generated/client.js';
import { AppError, ErrorCode } from '../../errors.js';
import { parseInput, requiredText } from '../../validation.js';
import { IMAGE_DESCRIPTION_MAX_LENGTH, OBJECT_NAME_MAX_LENGTH } from '../../constants.js';
import { deletePrivateUpload, requireImage, savePrivateUpload, type UploadedFile } from '../../uploads.js';
import { ToolKind } from '../job/job.kinds.js';
import { requirePremium, type Job, type JobService } from '../job/job.service.js';
import { ImageStyle } from '../../domain.js';
import { imagePrompt } from './prompts.js';

const generateSchema = z.object({
  description: requiredText(
    'Please enter an image description',
    IMAGE_DESCRIPTION_MAX_LENGTH,
    `The description is too long (at most ${IMAGE_DESCRIPTION_MAX_LENGTH} characters)`,
  ),
  style: z.enum(ImageStyle, { message: 'Unknown image style' }).default('REALISTIC'),
  publish: z.boolean().default(false),
});

/** Spec §5: one object name, one word. */
export const objectSchema = z
  .string({ message: 'Please enter the object to remove' })
  .trim()
  .min(1, 'Please enter the object to remove')
  .refine((s) => !/\s/.test(s), 'Please enter only one object name')
  .refine((s) => s.length <= OBJECT_NAME_MAX_LENGTH, `The object name is too long (at most ${OBJECT_NAME_MAX_LENGTH} characters)`)
  .refine((s) => /^[\p{L}\p{N}-]+$/u.test(s), 'The object name may only contain letters, digits and hyphens');

type LazyFile = () => Promise<UploadedFile | undefined>;

export class ImageToolService {
  constructor(
    private readonly services: Services,
    private readonly jobs: JobService,
  ) {}

  generateImage(user: User, input: unknown): Promise<Job> {
    requirePremium(user);
    const { description, style, publish } = parseInput(generateSchema, input);
    return this.jobs.enqueue(user, ToolKind.IMAGE, { description, style, publish, prompt: imagePrompt(description, style) }, { premium: true });
  }

  async removeBackground(user: User, image: LazyFile): Promise<Job> {
    await this.jobs.admit(user, { premium: true });
    const file = await image();
    if (!file) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Please select an image first');
    const checked = await requireImage(file, this.services.config.IMAGE_MAX_PIXELS);
    return this.withUploads(user, ToolKind.BACKGROUND_REMOVAL, [{ file, ext: checked.ext, field: 'uploadKey' }], { filename: file.filename.slice(0, 200) });
  }

  /** `object` is read after `image`: on the REST mirror it is a field of the same multipart body. */
  async removeObject(user: User, image: LazyFile, object: () => unknown, mask: LazyFile): Promise<Job> {
    await this.jobs.admit(user, { premium: true });
    const file = await image();
    const name = parseInput(objectSchema, object());
    if (!file) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Please select an image first');
    const checked = await requireImage(file, this.services.config.IMAGE_MAX_PIXELS);
    // No mask: the object is found by its name (every provider can).
    const maskFile = await mask();
    const uploads = [{ file, ext: checked.ext, field: 'uploadKey' }];
    if (maskFile) {
      const m = await requireImage(maskFile, this.services.config.IMAGE_MAX_PIXELS, 'a mask image');
      uploads.push({ file: maskFile, ext: m.ext, field: 'maskKey' });
    }
    return this.withUploads(user, ToolKind.OBJECT_REMOVAL, uploads, { object: name, filename: file.filename.slice(0, 200) });
  }

  /** Stores the uploads privately and queues the job; nothing stays on disk if that fails. */
  private async withUploads(user: User, kind: ToolKind, uploads: { file: UploadedFile; ext: string; field: string }[], input: Record<string, unknown>): Promise<Job> {
    const { dataDir } = this.services.config;
    const keys: string[] = [];
    try {
      const stored: Record<string, string> = {};
      for (const u of uploads) {
        const key = await savePrivateUpload(dataDir, u.file.bytes, u.ext);
        keys.push(key);
        stored[u.field] = key;
      }
      return await this.jobs.enqueue(user, kind, { ...input, ...stored }, { premium: true, admitted: true });
    } catch (e) {
      await Promise.all(keys.map((k) => deletePrivateUpload(dataDir, k)));
      throw e;
    }
  }
}
