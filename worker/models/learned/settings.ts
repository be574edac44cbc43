// Where the learned model files are and what their checksums must be, as the worker's config says
// (docs/learned-models.md, docs/configuration.md). A plain object, so it crosses to the image
// engine's thread inside a task.
import type { Config } from '../../../server/shared/platform/config.js';

/** What a model file is for. */
export type ModelRole = 'inpaint' | 'upscale';

export interface RoleSettings {
  /** The file, when the operator names it (INPAINT_MODEL_PATH / UPSCALE_MODEL_PATH). */
  path?: string;
  /** The SHA-256 the operator vouches for (INPAINT_MODEL_SHA256 / UPSCALE_MODEL_SHA256): an export of their own. */
  sha256?: string;
}

export interface LearnedModelSettings {
  /** MODELS_DIR, else DATA_DIR/models: searched for the published file names. */
  dir: string;
  inpaint: RoleSettings;
  upscale: RoleSettings;
}

/** The variables an operator sets for a role, to name them in messages. */
export const ROLE_VARIABLES: Record<ModelRole, { path: string; sha256: string; what: string; fallback: string }> = {
  inpaint: { path: 'INPAINT_MODEL_PATH', sha256: 'INPAINT_MODEL_SHA256', what: 'inpainter', fallback: 'the embedded fill' },
  upscale: { path: 'UPSCALE_MODEL_PATH', sha256: 'UPSCALE_MODEL_SHA256', what: 'upscaler', fallback: 'the embedded upscaler' },
};

export function learnedSettings(
  config: Pick<Config, 'modelsDir' | 'INPAINT_MODEL_PATH' | 'INPAINT_MODEL_SHA256' | 'UPSCALE_MODEL_PATH' | 'UPSCALE_MODEL_SHA256'>,
): LearnedModelSettings {
  const role = (path: string | undefined, sha256: string | undefined): RoleSettings => ({ ...(path ? { path } : {}), ...(sha256 ? { sha256 } : {}) });
  return {
    dir: config.modelsDir,
    inpaint: role(config.INPAINT_MODEL_PATH, config.INPAINT_MODEL_SHA256),
    upscale: role(config.UPSCALE_MODEL_PATH, config.UPSCALE_MODEL_SHA256),
  };
}
