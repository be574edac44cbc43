// Recipes: a short list of image steps a batch runs in order (docs/batches.md, "Chains"). A step's
// options are its tool's own fields, passed through as they are. Saved recipes live in this
// browser's localStorage.

export type StepTool = 'background-removal' | 'object-removal' | 'upscale-image';

export interface Step {
  tool: StepTool;
  options: Record<string, unknown>;
}

export interface Recipe {
  name: string;
  steps: Step[];
}

export const MAX_STEPS = 3;
export const MAX_PICTURES = 50;

export const STEP_TOOLS: { value: StepTool; label: string }[] = [
  { value: 'background-removal', label: 'Remove background' },
  { value: 'object-removal', label: 'Remove an object' },
  { value: 'upscale-image', label: 'Upscale' },
];

export const BUILT_IN_RECIPES: Recipe[] = [
  { name: 'Remove background', steps: [{ tool: 'background-removal', options: {} }] },
  { name: 'Upscale ×2', steps: [{ tool: 'upscale-image', options: { scale: 2 } }] },
  {
    name: 'Remove background → upscale ×2',
    steps: [
      { tool: 'background-removal', options: {} },
      { tool: 'upscale-image', options: { scale: 2 } },
    ],
  },
];

/** A new step of a tool with its options' defaults. */
export const newStep = (tool: StepTool): Step => ({ tool, options: tool === 'upscale-image' ? { scale: 2 } : tool === 'object-removal' ? { object: '' } : {} });

export const stepLabel = (s: Step): string => {
  const base = STEP_TOOLS.find((t) => t.value === s.tool)?.label ?? s.tool;
  if (s.tool === 'upscale-image') return `${base} ×${String(s.options.scale ?? 2)}`;
  if (s.tool === 'object-removal' && s.options.object) return `${base}: ${String(s.options.object)}`;
  return base;
};

const STORAGE_KEY = 'atelier.batch-recipes';

export function savedRecipes(): Recipe[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as Recipe[]).filter((r) => typeof r?.name === 'string' && Array.isArray(r.steps)) : [];
  } catch {
    return [];
  }
}

export function saveRecipe(recipe: Recipe): Recipe[] {
  const next = [...savedRecipes().filter((r) => r.name !== recipe.name), recipe].slice(-10);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage disabled: the recipe lasts for this page only.
  }
  return next;
}
