import { useId, useState } from 'react';
import { BUILT_IN_RECIPES, MAX_STEPS, newStep, saveRecipe, savedRecipes, STEP_TOOLS, stepLabel, type Recipe, type Step, type StepTool } from '../lib/recipes';

/** The steps a batch runs, in order: a recipe picked, or up to three steps set by hand (and saved in this browser). */
export function RecipeEditor({ steps, onChange, disabled }: { steps: Step[]; onChange: (steps: Step[]) => void; disabled?: boolean }) {
  const id = useId();
  const [saved, setSaved] = useState<Recipe[]>(() => savedRecipes());
  const [name, setName] = useState('');
  const recipes = [...BUILT_IN_RECIPES, ...saved];
  const setStep = (i: number, next: Step) => onChange(steps.map((s, j) => (j === i ? next : s)));

  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Recipe</legend>
      <label className="flex flex-col gap-1 text-sm text-slate-700" htmlFor={`${id}-recipe`}>
        Start from
        <select
          id={`${id}-recipe`}
          className="rounded-lg border border-slate-300 px-3 py-2"
          value=""
          onChange={(e) => {
            const r = recipes.find((x) => x.name === e.target.value);
            if (r) onChange(r.steps.map((s) => ({ ...s, options: { ...s.options } })));
          }}
        >
          <option value="">Choose a recipe…</option>
          {recipes.map((r) => (
            <option key={r.name} value={r.name}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <ol className="flex flex-col gap-2" aria-label="Steps, in order">
        {steps.map((s, i) => (
          <StepRow key={i} s={s} i={i} count={steps.length} setStep={setStep} remove={() => onChange(steps.filter((_, j) => j !== i))} />
        ))}
      </ol>
      <div className="flex flex-wrap items-end gap-2">
        {steps.length < MAX_STEPS && (
          <button type="button" className="rounded-lg border border-slate-300 px-3 py-1 text-sm" onClick={() => onChange([...steps, newStep('upscale-image')])}>
            Add a step
          </button>
        )}
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Recipe name
          <input className="rounded-lg border border-slate-300 px-2 py-1" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-3 py-1 text-sm"
          disabled={!name.trim()}
          onClick={() => setSaved(saveRecipe({ name: name.trim(), steps }))}
        >
          Save recipe
        </button>
      </div>
    </fieldset>
  );
}

/** One step of the recipe: its tool, and that tool's own options (a scale, an object's name). */
function StepRow({ s, i, count, setStep, remove }: { s: Step; i: number; count: number; setStep: (i: number, next: Step) => void; remove: () => void }) {
  return (
    <li className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 p-2">
      <label className="flex flex-col gap-1 text-sm text-slate-700">
        Step {i + 1}
        <select
          aria-label={`Step ${i + 1}`}
          className="rounded-lg border border-slate-300 px-2 py-1"
          value={s.tool}
          onChange={(e) => setStep(i, newStep(e.target.value as StepTool))}
        >
          {STEP_TOOLS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      {s.tool === 'upscale-image' && (
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Scale
          <select
            aria-label={`Step ${i + 1}: scale`}
            className="rounded-lg border border-slate-300 px-2 py-1"
            value={String(s.options.scale ?? 2)}
            onChange={(e) => setStep(i, { ...s, options: { ...s.options, scale: Number(e.target.value) } })}
          >
            <option value="2">2×</option>
            <option value="4">4×</option>
          </select>
        </label>
      )}
      {s.tool === 'object-removal' && (
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Object to remove
          <input
            aria-label={`Step ${i + 1}: object to remove`}
            className="rounded-lg border border-slate-300 px-2 py-1"
            value={String(s.options.object ?? '')}
            onChange={(e) => setStep(i, { ...s, options: { ...s.options, object: e.target.value } })}
          />
        </label>
      )}
      {count > 1 && (
        <button type="button" className="text-sm text-rose-700 underline" onClick={remove} aria-label={`Remove step ${i + 1} (${stepLabel(s)})`}>
          Remove
        </button>
      )}
    </li>
  );
}
