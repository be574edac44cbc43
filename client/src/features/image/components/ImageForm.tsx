import { ImageIcon, Sparkles } from 'lucide-react';
import { SubmitButton } from '../../../components/SubmitButton';
import { useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import type { ImageStyle } from '../../../gql/graphql';
import { EngineNote, type UseEngine } from '../../engines';
import type { ImageAdvancedValues } from '../lib/advanced';
import { ImageAdvanced } from './ImageAdvanced';
import { PublicSwitch } from './PublicSwitch';
import { StyleChips } from './StyleChips';

interface Props {
  description: string;
  style: ImageStyle;
  publish: boolean;
  busy: boolean;
  /** Set when a submit found the description empty; cleared once the user types. */
  invalid: boolean;
  onDescriptionChange: (description: string) => void;
  onStyleChange: (style: ImageStyle) => void;
  onPublishChange: (publish: boolean) => void;
  onSubmit: () => void;
  /** The image engine: what the note says, which advanced options show, how the styles are worded. */
  engine: UseEngine;
  advanced: ImageAdvancedValues;
  onAdvancedChange: (values: ImageAdvancedValues) => void;
  seedInvalid: boolean;
}

export function ImageForm(props: Props) {
  const { description, style, publish, busy, invalid, onDescriptionChange, onStyleChange, onPublishChange, onSubmit, engine, advanced, onAdvancedChange, seedInvalid } = props;
  const descriptionId = useId();
  const hintId = useId();
  const errorId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    // An empty description is reported by the route (toast); bring the field back into focus for a fix.
    if (description.trim() === '') textareaRef.current?.focus();
    onSubmit();
  }

  // Ctrl/Cmd+Enter submits from the textarea, where a plain Enter adds a line.
  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles aria-hidden className="size-5 text-indigo-600" />
        AI Image Generator
      </h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium text-slate-700">
          Describe your image
        </label>
        <textarea
          ref={textareaRef}
          id={descriptionId}
          value={description}
          onChange={(e) => onDescriptionChange(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="A lighthouse on a cliff at sunset, waves crashing below…"
          rows={4}
          maxLength={1000}
          aria-required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
          className={`resize-y rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:ring-2 ${invalid ? 'border-red-400 focus-visible:border-red-500 focus-visible:ring-red-500/30' : 'border-slate-300 focus-visible:border-indigo-500 focus-visible:ring-indigo-500/40'}`}
        />
        {invalid && (
          <p id={errorId} className="text-xs font-medium text-red-600">
            Please enter an image description
          </p>
        )}
        <p id={hintId} className="text-xs text-slate-500">
          Be specific about the subject, setting, light and mood.<span className="hidden sm:inline"> Ctrl+Enter generates.</span>
        </p>
      </div>
      <StyleChips value={style} onChange={onStyleChange} disabled={busy} placeholder={engine.engine?.placeholder ?? false} />
      <PublicSwitch checked={publish} onChange={onPublishChange} disabled={busy} />
      <ImageAdvanced values={advanced} onChange={onAdvancedChange} has={engine.has} disabled={busy} seedInvalid={seedInvalid} />
      <SubmitButton busy={busy} icon={ImageIcon} busyLabel="Generating…">
        Generate Image
      </SubmitButton>
      <EngineNote kind="image" engine={engine.engine} />
    </form>
  );
}
