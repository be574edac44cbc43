// Starts any tool the same way, from GraphQL or REST: checks what its definition asks
// (plan, request rate and running jobs before an upload is read), validates its input and
// uploads, keeps the uploads privately for the worker, and hands the job to enqueue().
import type { FileUpload } from 'graphql-upload-minimal';
import type { Services } from '../context.js';
import { requireScope, type ApiKeyGrant } from '../auth/api-keys.js';
import type { User } from '../shared/db/generated/client.js';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import type { Job, JobService } from '../modules/job/job.service.js';
import type { Storage } from '../shared/storage/types.js';
import { requireImage, requirePdf } from '../uploads/check.js';
import { readUpload } from '../uploads/graphql.js';
import type { UploadedFile } from '../uploads/receive.js';
import { parseInput } from '../shared/platform/validation.js';
import { creationSource, SOURCE_CREATION_FIELD, type ToolDefinition, type UploadSpec } from '../shared/tools/tool.js';
import { sourceIdOf, type CreationSources, type ReceivedSource } from './source-creation.js';

export type ToolFiles = Record<string, UploadedFile | undefined>;

export interface ToolRequest {
  /** The input's fields; read after the files (on REST they are fields of the same multipart body). */
  input: () => unknown;
  /** The uploads by field, read only once the plan, request rate and running jobs allow it. */
  files?: () => Promise<ToolFiles>;
  /**
   * The job's id, chosen by the client (a UUID) so it can follow the job (jobProgress with
   * `starting`) before it starts and miss none of its events; an id already used is refused.
   */
  jobId?: string | null;
  /** The API key the request came with: it needs the generate scope, and the job counts in its usage. */
  apiKey?: ApiKeyGrant | null;
  /**
   * What the request said for sourceCreationId (read after the files, like the input): one of
   * the caller's creations standing for the tool's image (creationSource), instead of a file.
   */
  sourceCreationId?: () => unknown;
}

/** A tool's definition as starting it needs it (any input, any provider). */
type Startable = Pick<ToolDefinition, 'kind' | 'plan' | 'quota' | 'input' | 'uploads' | 'prompt' | 'checkUploads'>;

export class ToolService {
  private readonly byKind: Map<string, Startable>;
  /** The least plan any tool taking uploads needs: the upload middleware's early look. */
  readonly uploadPlan: Startable['plan'];
  constructor(
    private readonly services: Pick<Services, 'config' | 'log'>,
    private readonly jobs: JobService,
    /** The catalogue's tools this process offers. */
    tools: readonly Startable[],
    /** Keeps the uploads for the worker (local disk, or the S3 bucket every machine reads). */
    private readonly storage: Pick<Storage, 'putUpload' | 'deleteUpload'>,
    /** Reads a creation of the caller's as a received file (sourceCreationId). */
    private readonly sources: Pick<CreationSources, 'receive'>,
  ) {
    this.byKind = new Map(tools.map((t) => [t.kind, t]));
    // Read on every multipart request (the upload middleware's look): worked out once.
    const withUploads = tools.filter((t) => t.uploads.length > 0);
    this.uploadPlan = withUploads.length > 0 && withUploads.every((t) => t.plan === 'PREMIUM') ? 'PREMIUM' : 'FREE';
  }

  async start(kind: string, user: User, request: ToolRequest): Promise<Job> {
    const tool = this.byKind.get(kind);
    if (!tool) throw new AppError(ErrorCode.NOT_FOUND, 'This tool is not available');
    // GraphQL's root-field guard and REST's route scope refuse such a key first; this holds for any other caller.
    requireScope(request.apiKey, 'generate');
    const withUploads = tool.uploads.length > 0;
    // Before any byte of an upload is read: a refused request costs nothing.
    const admitted = withUploads ? await this.jobs.admit(user, tool) : undefined;
    if (!withUploads) this.jobs.checkPlan(user, tool);
    const files = withUploads && request.files ? await request.files() : {};
    const input = parseInput(tool.input, request.input());
    const source = creationSource(tool);
    const sourceId = source ? sourceIdOf(request.sourceCreationId?.()) : undefined;
    let fromCreation: ReceivedSource | undefined;
    try {
      const checked: { spec: UploadSpec; file: UploadedFile; ext: string }[] = [];
      const sizes: Record<string, { width: number; height: number }> = {};
      for (const spec of tool.uploads) {
        let file = files[spec.field];
        if (spec === source && sourceId) {
          if (file && file.size > 0) {
            throw new AppError(ErrorCode.BAD_USER_INPUT, `Send either the ${spec.field} file or ${SOURCE_CREATION_FIELD}, not both`, { field: SOURCE_CREATION_FIELD });
          }
          fromCreation = await this.sources.receive(user.id, sourceId);
          file = fromCreation.file;
        }
        if (!file || file.size === 0) {
          if (spec.missing) throw new AppError(ErrorCode.BAD_USER_INPUT, spec.missing);
          continue;
        }
        const { ext, size } = await this.check(spec, file);
        checked.push({ spec, file, ext });
        if (size) sizes[spec.field] = size;
      }
      tool.checkUploads?.(input, sizes);
      const first = checked[0];
      const stored = {
        ...input,
        prompt: tool.prompt(input),
        ...(first ? { filename: first.file.filename.slice(0, 200) } : {}),
        // Where the picture came from, kept with the job (its file is a copy: docs/adding-a-tool.md, "Sending a creation to a tool").
        ...(fromCreation ? { [SOURCE_CREATION_FIELD]: sourceId } : {}),
      };
      const opts = { jobId: request.jobId ?? undefined, apiKeyId: request.apiKey?.id };
      if (!withUploads) return await this.jobs.enqueue(user, tool, stored, opts);
      return await this.withStoredUploads(checked, (keys) => this.jobs.enqueue(user, tool, { ...stored, ...keys }, { ...opts, admitted }));
    } finally {
      await fromCreation?.remove();
    }
  }

  private async check(spec: UploadSpec, file: UploadedFile): Promise<{ ext: string; size?: { width: number; height: number } }> {
    if (spec.accept === 'pdf') {
      await requirePdf(file);
      return { ext: 'pdf' };
    }
    const { ext, width, height } = await requireImage(file, this.services.config.IMAGE_MAX_PIXELS, spec.what);
    return { ext, size: { width, height } };
  }

  /** Keeps the uploads privately while `enqueue` runs; nothing stays in the store if it fails. */
  private async withStoredUploads(uploads: { spec: UploadSpec; file: UploadedFile; ext: string }[], enqueue: (keys: Record<string, string>) => Promise<Job>): Promise<Job> {
    const keys: Record<string, string> = {};
    try {
      for (const u of uploads) {
        keys[u.spec.key] = await this.storage.putUpload(u.file.path, u.ext).catch((e: Error) => {
          this.services.log.warn({ err: e.message }, 'could not store an upload');
          throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'Your file could not be stored just now. Please try again in a moment.');
        });
      }
      return await enqueue(keys);
    } catch (e) {
      await Promise.all(Object.values(keys).map((k) => this.storage.deleteUpload(k).catch(() => undefined)));
      throw e;
    }
  }
}

/** GraphQL's upload arguments as a tool's files (received by graphqlUploads), taken when the tool asks. */
export function graphqlFiles(uploads: Record<string, Promise<FileUpload> | null | undefined>): () => Promise<ToolFiles> {
  return async () => {
    const files: ToolFiles = {};
    for (const [field, upload] of Object.entries(uploads)) files[field] = upload ? await readUpload(upload) : undefined;
    return files;
  };
}
