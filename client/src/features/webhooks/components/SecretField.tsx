import { Eye, EyeOff } from 'lucide-react';
import { useId } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { secondaryButton } from '../../../components/buttons';

interface Props {
  secret: string;
  shown: boolean;
  onShownChange: (shown: boolean) => void;
}

/** The endpoint's signing secret: hidden until asked for (or just made), copyable either way. */
export function SecretField({ secret, shown, onShownChange }: Props) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-700">
        Signing secret
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-labelledby={`${id}-label`} className="min-w-0 rounded-md bg-slate-100 px-2 py-1.5 font-mono text-xs break-all text-slate-800" data-testid="webhook-secret">
          {shown ? (
            secret
          ) : (
            <>
              whsec_<span aria-hidden>{'•'.repeat(24)}</span>
              <span className="sr-only">(hidden)</span>
            </>
          )}
        </code>
        <button type="button" className={secondaryButton} aria-pressed={shown} onClick={() => onShownChange(!shown)}>
          {shown ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
          {shown ? 'Hide secret' : 'Show secret'}
        </button>
        <CopyButton text={secret} label="Copy secret" successMessage="Signing secret copied" failureMessage="The secret could not be copied; select it and copy it by hand." />
      </div>
    </div>
  );
}
