import { useId, type ReactNode } from 'react';

interface Props<T extends string> {
  legend: string;
  /** The radio group's name; unique per form. */
  name: string;
  options: readonly { value: T; label: string }[];
  /** null: none chosen yet (no chip is checked). */
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Said under the legend and read with the group (aria-describedby). */
  caption?: ReactNode;
}

/** Real radio inputs styled as chips: arrow keys, labels and screen readers work as usual. */
export function ChoiceChips<T extends string>({ legend, name, options, value, onChange, disabled = false, caption }: Props<T>) {
  const captionId = useId();
  return (
    <fieldset disabled={disabled} aria-describedby={caption ? captionId : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      {caption && (
        <p id={captionId} className="-mt-2 text-xs text-slate-500">
          {caption}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className="cursor-pointer has-disabled:cursor-not-allowed">
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="peer sr-only" />
            <span className="inline-flex rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 peer-checked:border-indigo-600 peer-checked:bg-indigo-50 peer-checked:font-medium peer-checked:text-indigo-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 peer-disabled:opacity-60 hover:bg-slate-50">
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
