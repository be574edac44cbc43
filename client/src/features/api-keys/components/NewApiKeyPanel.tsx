import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { secondaryButton } from '../../../components/buttons';

/**
 * The key just made, shown this once: its text (focused and selected, ready to copy), a copy
 * button and the warning that it cannot be shown again. "Done" forgets it.
 */
export function NewApiKeyPanel({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [apiKey]);

  return (
    <div role="group" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p id={`${id}-title`} className="font-semibold text-amber-950">
        Your new key “{name}”
      </p>
      <p className="flex items-start gap-2 text-sm text-amber-900">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        Copy it now and keep it somewhere safe: it will not be shown again. Anyone with it can act as you within its scopes.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor={`${id}-key`} className="sr-only">
          API key “{name}”
        </label>
        <input
          ref={inputRef}
          id={`${id}-key`}
          type="text"
          readOnly
          value={apiKey}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40"
        />
        <CopyButton text={apiKey} label="Copy key" successMessage="API key copied" failureMessage="Could not copy: select the key and copy it yourself" />
      </div>
      <div>
        <button type="button" onClick={onDone} className={secondaryButton}>
          Done, I have copied it
        </button>
      </div>
    </div>
  );
}
