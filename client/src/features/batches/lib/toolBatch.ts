// A tool page's several pictures as a batch of that tool alone (docs/batches.md, "From a tool's
// page"): what the page checks before starting one, and how it names a batch's recipe.
import { isZipFile } from '../../../lib/files';
import { MAX_PICTURES, stepLabel, STEP_TOOLS, type Step, type StepTool } from './recipes';

/** Why the picked files cannot be one batch (said beside the picker), or null. */
export function batchFilesProblem(files: readonly File[]): string | null {
  const zips = files.filter(isZipFile).length;
  if (zips > 0 && files.length > 1) return 'Choose several pictures or one zip of them, not both.';
  if (files.length > MAX_PICTURES) return `At most ${MAX_PICTURES} pictures at once: ${files.length} were chosen.`;
  return null;
}

/** What the page says before starting: how many pictures, and the runs they use (pictures × steps). */
export function batchFilesSummary(files: readonly File[], steps = 1): string {
  const zip = files.length === 1 && isZipFile(files[0]!);
  if (zip) return `${files[0]!.name}: a batch of every picture in it (up to ${MAX_PICTURES}), one run each${steps > 1 ? ` per step` : ''}.`;
  const runs = files.length * steps;
  return `${files.length} pictures: a batch using ${runs} ${runs === 1 ? 'run' : 'runs'}.`;
}

const isStepTool = (tool: string): tool is StepTool => STEP_TOOLS.some((t) => t.value === tool);

/** A batch's recipe as people read it, from its steps as GraphQL gives them (options as JSON): "Remove background → Upscale ×2". */
export function recipeLabel(steps: readonly { tool: string; options: string }[]): string {
  return steps
    .map((s) => {
      if (!isStepTool(s.tool)) return s.tool;
      let options: Step['options'] = {};
      try {
        const parsed = JSON.parse(s.options) as unknown;
        if (parsed && typeof parsed === 'object') options = parsed as Step['options'];
      } catch {
        // Not JSON: the tool's name alone.
      }
      return stepLabel({ tool: s.tool, options });
    })
    .join(' → ');
}
