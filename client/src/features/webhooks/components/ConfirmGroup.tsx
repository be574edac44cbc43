import { LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { dangerButton, secondaryButton } from '../../../components/buttons';

interface Props {
  title: string;
  detail: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An inline question before something that cannot be undone; its confirm button takes focus when it opens. */
export function ConfirmGroup({ title, detail, confirmLabel, cancelLabel, busy, onConfirm, onCancel }: Props) {
  const id = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-detail`} className="mt-3 rounded-xl border border-rose-200 bg-rose-50 p-4">
      <p id={`${id}-title`} className="font-semibold text-rose-900">
        {title}
      </p>
      <p id={`${id}-detail`} className="mt-1 text-sm text-rose-800">
        {detail}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <button ref={confirmRef} type="button" className={dangerButton} disabled={busy} onClick={onConfirm}>
          {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          {confirmLabel}
        </button>
        <button type="button" className={secondaryButton} disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
