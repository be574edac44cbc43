// The checkbox that turns the optional brush on or off, with its label and hint.
interface Props {
  id: string;
  hintId: string;
  active: boolean;
  disabled: boolean;
  onActiveChange: (active: boolean) => void;
}

/** "Brush over the object (optional)": the switch that lays the mask canvas over the image (a name, a brush or both say what to remove). */
export function BrushSwitch({ id, hintId, active, disabled, onActiveChange }: Props) {
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={active}
        disabled={disabled}
        onChange={(e) => onActiveChange(e.target.checked)}
        aria-describedby={hintId}
        className="mt-0.5 size-4 shrink-0 accent-indigo-600"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          Brush over the object <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <p id={hintId} className="text-xs text-slate-500">
          Not needed when you name the object: it is found by its name. Brush to pick one of several, to remove something that is not found by name, or, with no name, to remove
          just what you brush.
        </p>
      </div>
    </div>
  );
}
