import { useId } from 'react';
import { AdvancedOptions } from '../../../components/AdvancedOptions';
import { ChoiceChips } from '../../../components/ChoiceChips';
import { OutputFormatField } from '../../../components/OutputFormatField';
import type { ImageAspectRatio } from '../../../gql/graphql';
import { ASPECT_RATIOS, IMAGE_COUNTS, NEGATIVE_PROMPT_MAX, SEED_ERROR, SEED_MAX, type ImageAdvancedValues } from '../lib/advanced';

interface Props {
  values: ImageAdvancedValues;
  onChange: (values: ImageAdvancedValues) => void;
  /** Whether the image engine honours an option: only those are shown. */
  has: (option: string) => boolean;
  disabled: boolean;
  /** The typed seed is not a seed (checked on submit). */
  seedInvalid: boolean;
}

const COUNT_OPTIONS = IMAGE_COUNTS.map((n) => ({ value: String(n), label: String(n) }));
const inputClass =
  'rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:ring-2 disabled:opacity-60 border-slate-300 focus-visible:border-indigo-500 focus-visible:ring-indigo-500/40 aria-invalid:border-red-500';

/** The image form's "Advanced" disclosure: shape, seed, negative prompt and how many pictures, each only where the engine honours it, and the output format. */
export function ImageAdvanced({ values, onChange, has, disabled, seedInvalid }: Props) {
  const seedId = useId();
  const negativeId = useId();
  const set = (change: Partial<ImageAdvancedValues>) => onChange({ ...values, ...change });

  return (
    <AdvancedOptions hint={['ASPECT_RATIO', 'SEED', 'NEGATIVE_PROMPT', 'COUNT'].some(has) ? undefined : 'format'}>
      {has('ASPECT_RATIO') && (
        <ChoiceChips<ImageAspectRatio>
          legend="Aspect ratio"
          name="image-aspect-ratio"
          options={ASPECT_RATIOS}
          value={values.aspectRatio}
          onChange={(aspectRatio) => set({ aspectRatio })}
          disabled={disabled}
        />
      )}
      {has('COUNT') && (
        <ChoiceChips
          legend="Number of images"
          name="image-count"
          options={COUNT_OPTIONS}
          value={String(values.count)}
          onChange={(count) => set({ count: Number(count) })}
          disabled={disabled}
          caption="Each picture is its own creation."
        />
      )}
      {has('SEED') && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={seedId} className="text-sm font-medium text-slate-700">
            Seed <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={seedId}
            type="number"
            inputMode="numeric"
            min={0}
            max={SEED_MAX}
            step={1}
            value={values.seed}
            onChange={(e) => set({ seed: e.target.value })}
            placeholder="Random"
            disabled={disabled}
            aria-invalid={seedInvalid || undefined}
            aria-describedby={`${seedId}-hint`}
            className={inputClass}
          />
          <p id={`${seedId}-hint`} className={`text-xs ${seedInvalid ? 'font-medium text-red-600' : 'text-slate-500'}`}>
            {seedInvalid ? SEED_ERROR : 'Empty picks one at random; the same seed and settings give the same picture.'}
          </p>
        </div>
      )}
      {has('NEGATIVE_PROMPT') && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={negativeId} className="text-sm font-medium text-slate-700">
            Negative prompt <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={negativeId}
            value={values.negativePrompt}
            onChange={(e) => set({ negativePrompt: e.target.value })}
            placeholder="Blurry, text, watermark…"
            rows={2}
            maxLength={NEGATIVE_PROMPT_MAX}
            disabled={disabled}
            aria-describedby={`${negativeId}-hint`}
            className={`resize-y ${inputClass}`}
          />
          <p id={`${negativeId}-hint`} className="text-xs text-slate-500">
            What the picture should not show.
          </p>
        </div>
      )}
      <OutputFormatField
        name="image-format"
        values={values.output}
        onChange={(output) => set({ output })}
        disabled={disabled}
        caption="None chosen, each picture keeps the format the engine made. PNG is lossless; WebP and JPEG make smaller files."
      />
    </AdvancedOptions>
  );
}
