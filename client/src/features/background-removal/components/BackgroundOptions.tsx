import { useId, type Ref } from 'react';
import { AdvancedOptions } from '../../../components/AdvancedOptions';
import { ChoiceChips } from '../../../components/ChoiceChips';
import { ImageFileField } from '../../../components/ImageFileField';
import { FileDetails } from '../../../components/FileDetails';
import { OutputFormatField } from '../../../components/OutputFormatField';
import type { BackgroundFill } from '../../../gql/graphql';
import { BACKGROUNDS, type BackgroundOptionValues } from '../lib/options';

interface Props {
  values: BackgroundOptionValues;
  onChange: (values: BackgroundOptionValues) => void;
  disabled: boolean;
  /** The field a refused submit is about: it is marked invalid and focused. */
  invalid?: 'color' | 'backgroundImage' | 'margin' | 'format' | null;
  colorRef?: Ref<HTMLInputElement>;
  backgroundImageRef?: Ref<HTMLInputElement>;
  marginRef?: Ref<HTMLInputElement>;
}

const inputClass =
  'rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none focus-visible:ring-2 disabled:opacity-60 border-slate-300 focus-visible:border-indigo-500 focus-visible:ring-indigo-500/40 aria-invalid:border-red-500';

/** What goes behind the subject, crop, shadow and the output format (docs/api-v1.md, "Background removal"). */
export function BackgroundOptions({ values, onChange, disabled, invalid, colorRef, backgroundImageRef, marginRef }: Props) {
  const marginId = useId();
  const set = (change: Partial<BackgroundOptionValues>) => onChange({ ...values, ...change });
  const transparent = values.background === 'TRANSPARENT';

  return (
    <>
      <ChoiceChips<BackgroundFill>
        legend="Background"
        name="background-fill"
        options={BACKGROUNDS}
        value={values.background}
        onChange={(background) => set({ background })}
        disabled={disabled}
      />
      {values.background === 'COLOR' && (
        <ColorField color={values.color} onChange={(color) => set({ color })} disabled={disabled} invalid={invalid === 'color'} inputRef={colorRef} />
      )}
      {values.background === 'IMAGE' && (
        <div className="flex flex-col gap-3">
          <ImageFileField
            ref={backgroundImageRef}
            label="Background image"
            hasFile={Boolean(values.backgroundImage)}
            disabled={disabled}
            onFile={(backgroundImage) => set({ backgroundImage })}
          />
          {values.backgroundImage && <FileDetails file={values.backgroundImage} />}
          <p className="text-xs text-slate-500">Scaled to cover the result and centred.</p>
        </div>
      )}
      <AdvancedOptions hint="crop, shadow, format">
        <div className="flex flex-col gap-2">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input type="checkbox" checked={values.crop} onChange={(e) => set({ crop: e.target.checked })} disabled={disabled} className="size-4 accent-indigo-600" />
            Crop to the subject
          </label>
          {values.crop && (
            <div className="flex flex-col gap-1.5 pl-6">
              <label htmlFor={marginId} className="text-sm font-medium text-slate-700">
                Margin (%)
              </label>
              <input
                ref={marginRef}
                id={marginId}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                value={values.margin}
                onChange={(e) => set({ margin: e.target.value })}
                disabled={disabled}
                aria-invalid={invalid === 'margin' || undefined}
                aria-describedby={`${marginId}-hint`}
                className={`w-28 ${inputClass}`}
              />
              <p id={`${marginId}-hint`} className="text-xs text-slate-500">
                Space on each side, in percent of the subject&apos;s longer side (0–100).
              </p>
            </div>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" checked={values.shadow} onChange={(e) => set({ shadow: e.target.checked })} disabled={disabled} className="size-4 accent-indigo-600" />
          Soft shadow under the subject
        </label>
        <OutputFormatField
          name="background-format"
          values={values.output}
          onChange={(output) => set({ output })}
          disabled={disabled}
          caption={transparent ? 'JPEG has no transparency: with it, choose a background other than Transparent.' : undefined}
        />
      </AdvancedOptions>
    </>
  );
}

interface ColorProps {
  color: string;
  onChange: (color: string) => void;
  disabled: boolean;
  invalid: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A native colour picker and the same colour as a hex code to type, each labelled. */
function ColorField({ color, onChange, disabled, invalid, inputRef }: ColorProps) {
  const colorId = useId();
  const hexId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={colorId} className="text-sm font-medium text-slate-700">
          Background colour
        </label>
        <input
          id={colorId}
          type="color"
          value={/^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : '#ffffff'}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          className="h-10 w-16 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 disabled:opacity-60"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={hexId} className="text-sm font-medium text-slate-700">
          Hex code
        </label>
        <input
          ref={inputRef}
          id={hexId}
          type="text"
          value={color}
          onChange={(e) => onChange(e.target.value.trim())}
          maxLength={7}
          spellCheck={false}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={`${hexId}-hint`}
          className={`w-28 font-mono ${inputClass}`}
        />
      </div>
      <p id={`${hexId}-hint`} className="basis-full text-xs text-slate-500">
        Six hex digits after #, like #1e90ff.
      </p>
    </div>
  );
}
