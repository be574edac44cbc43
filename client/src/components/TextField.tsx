import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  hint?: string;
  invalid?: boolean;
  /** A fixed id for the control (pages and tests address some fields by id); generated otherwise. */
  id?: string;
  className?: string;
}

const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 disabled:opacity-60 aria-invalid:border-red-500';

/** Label, control and hint; the hint is tied to the control with aria-describedby so screen readers read it too. */
function Field({ id, label, hint, className = '', control }: Omit<FieldProps, 'invalid' | 'id'> & { id: string; control: (hintId: string | undefined) => ReactNode }) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {control(hintId)}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled input. */
export function TextField({ label, hint, invalid = false, id, className, ...input }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field
      id={fieldId}
      label={label}
      hint={hint}
      className={className}
      control={(hintId) => <input id={fieldId} aria-invalid={invalid || undefined} aria-describedby={hintId} className={controlClass} {...input} />}
    />
  );
}

/** A labelled textarea, resizable vertically. */
export function TextAreaField({ label, hint, invalid = false, id, className, ...textarea }: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field
      id={fieldId}
      label={label}
      hint={hint}
      className={className}
      control={(hintId) => <textarea id={fieldId} aria-invalid={invalid || undefined} aria-describedby={hintId} className={`${controlClass} resize-y`} {...textarea} />}
    />
  );
}

/** A labelled select; pass the options as children. */
export function SelectField({ label, hint, invalid = false, id, className, children, ...select }: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field
      id={fieldId}
      label={label}
      hint={hint}
      className={className}
      control={(hintId) => (
        <select id={fieldId} aria-invalid={invalid || undefined} aria-describedby={hintId} className={controlClass} {...select}>
          {children}
        </select>
      )}
    />
  );
}
