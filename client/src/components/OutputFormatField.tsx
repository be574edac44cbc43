import { useId } from 'react';
import { ChoiceChips } from './ChoiceChips';
import type { ImageOutputFormat } from '../gql/graphql';

/** What an image tool's result is written as (docs/api-v1.md, "Output format"). */
export interface OutputFormatValues {
  /** null: none chosen, the tool keeps the format its engine made (no chip is checked). */
  format: ImageOutputFormat | null;
  /** 1–100, sent for WEBP and JPEG only. */
  quality: number;
}

export const DEFAULT_OUTPUT_FORMAT: OutputFormatValues = { format: 'PNG', quality: 90 };

/** For the tools that keep their engine's format unless asked (image generation, object removal): nothing sent until a format is picked. */
export const ENGINE_OUTPUT_FORMAT: OutputFormatValues = { format: null, quality: 90 };

const FORMATS: readonly { value: ImageOutputFormat; label: string }[] = [
  { value: 'PNG', label: 'PNG' },
  { value: 'WEBP', label: 'WebP' },
  { value: 'JPEG', label: 'JPEG' },
];

/** The mutation's variables: PNG takes no quality (the server refuses one); none chosen, nothing. */
export const outputFormatVariables = ({ format, quality }: OutputFormatValues): { format?: ImageOutputFormat; quality?: number } =>
  format === null ? {} : format === 'PNG' ? { format } : { format, quality };

interface Props {
  /** The radio group's name; unique per form. */
  name: string;
  values: OutputFormatValues;
  onChange: (values: OutputFormatValues) => void;
  disabled?: boolean;
  /** Said under the legend (e.g. when JPEG cannot be used). */
  caption?: string;
}

/** The format chips and, for the lossy formats, a quality slider with its value shown beside it. */
export function OutputFormatField({ name, values, onChange, disabled = false, caption }: Props) {
  const qualityId = useId();
  return (
    <div className="flex flex-col gap-3">
      <ChoiceChips<ImageOutputFormat>
        legend="Output format"
        name={name}
        options={FORMATS}
        value={values.format}
        onChange={(format) => onChange({ ...values, format })}
        disabled={disabled}
        caption={caption ?? 'PNG keeps transparency losslessly; WebP and JPEG make smaller files.'}
      />
      {(values.format === 'WEBP' || values.format === 'JPEG') && (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between text-sm">
            <label htmlFor={qualityId} className="font-medium text-slate-700">
              Quality
            </label>
            <output htmlFor={qualityId} className="text-slate-500">
              {values.quality}
            </output>
          </div>
          <input
            id={qualityId}
            type="range"
            min={1}
            max={100}
            step={1}
            value={values.quality}
            disabled={disabled}
            onChange={(e) => onChange({ ...values, quality: Number(e.target.value) })}
            aria-describedby={`${qualityId}-hint`}
            className="accent-indigo-600"
          />
          <p id={`${qualityId}-hint`} className="text-xs text-slate-500">
            1 makes the smallest file, 100 the best picture.
          </p>
        </div>
      )}
    </div>
  );
}
