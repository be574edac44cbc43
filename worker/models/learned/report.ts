// What a worker says at start about the learned model files (docs/learned-models.md): which it
// found and checked, which it refused and why, or that there are none. Only for the tools its
// pool runs (object removal: the inpainter; the upscaler: the upscaler).
import { basename } from 'node:path';
import type { Config } from '../../../server/shared/platform/config.js';
import type { Logger } from '../../../server/shared/platform/logger.js';
import { describeTensor } from './families.js';
import { checkModelFile, refusalMessage } from './model-file.js';
import { learnedSettings, ROLE_VARIABLES, type ModelRole } from './settings.js';

/** The tool each role's model serves. */
const TOOL: Record<ModelRole, string> = { inpaint: 'object-removal', upscale: 'upscale-image' };

type ReportConfig = Parameters<typeof learnedSettings>[0] & Pick<Config, 'CLIPDROP_API_KEY' | 'CLOUDINARY_URL' | 'IOPAINT_URL'>;

/** The service configured ahead of a learned file for the role, if any (it does the work instead). */
function ahead(config: ReportConfig): string | undefined {
  if (config.CLIPDROP_API_KEY) return 'CLIPDROP_API_KEY';
  if (config.CLOUDINARY_URL) return 'CLOUDINARY_URL';
  if (config.IOPAINT_URL) return 'IOPAINT_URL';
  return undefined;
}

export async function reportLearnedModels(config: ReportConfig, tools: readonly string[], log: Logger): Promise<void> {
  const settings = learnedSettings(config);
  const roles = (Object.keys(TOOL) as ModelRole[]).filter((r) => tools.includes(TOOL[r]));
  let found = 0;
  for (const role of roles) {
    const file = await checkModelFile(role, settings);
    if (file.status === 'absent') continue;
    found++;
    if (file.status === 'refused') {
      log.warn({ role, file: file.path }, refusalMessage(file));
      continue;
    }
    const what = ROLE_VARIABLES[role].what;
    const service = ahead(config);
    const io = `${file.io.inputs.map(describeTensor).join(', ')} → ${file.io.outputs.map(describeTensor).join(', ')}`;
    log.info(
      { role, file: file.path, model: file.name, sha256: file.sha256, io },
      service
        ? `learned ${what} ${basename(file.path)} (${file.name}) checked, but not used: ${service} is set and does the work`
        : `learned ${what} ${basename(file.path)} (${file.name}, ${file.known ? 'the published file' : `${ROLE_VARIABLES[role].sha256} matches`}) checked: it is used`,
    );
  }
  if (roles.length && !found) log.info({ dir: settings.dir }, `no learned model files in ${settings.dir}: the embedded models are used (docs/learned-models.md)`);
}
