import { Markdown } from '../../../components/Markdown';
import { ResultScroller } from '../../../components/ResultScroller';
import type { CreationType } from '../../../gql/graphql';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { CREATION_TYPE_LABEL, isImageCreation } from '../../../tools/creations';
import { PlaceholderBadge } from '../../engines';

interface Props {
  type: CreationType;
  prompt: string;
  content: string;
  provider: string;
  /** An embedded stand-in made it (a drawn picture, template text). */
  placeholder?: boolean;
  /** The engine and model that made it, when recorded. */
  madeBy?: string | null;
}

/** A creation's result: the image for image kinds, sanitised markdown otherwise. */
export function CreationContent({ type, prompt, content, provider, placeholder = false, madeBy = null }: Props) {
  return (
    <div className="flex flex-col gap-2">
      {isImageCreation(type) ? (
        // self-start: not stretched to the card's width, so the frame hugs the picture; at most
        // 500px (product §9) and never taller than most of the viewport (a phone held sideways).
        <div className="relative self-start">
          {placeholder && <PlaceholderBadge />}
          <img src={content} alt={prompt} loading="lazy" className="max-h-[min(500px,80vh)] w-auto max-w-full rounded-lg border border-slate-200 object-contain" />
        </div>
      ) : (
        <ResultScroller follow={false} contentKey={content} label={`${CREATION_TYPE_LABEL[type]} result`}>
          <Markdown>{content}</Markdown>
        </ResultScroller>
      )}
      {madeBy && !placeholder && <p className="text-xs text-slate-500">Made by {madeBy}</p>}
      {isEmbeddedProvider(provider) && !placeholder && <p className="text-xs text-slate-500">Made by Atelier's built-in offline generator.</p>}
      {placeholder && !isImageCreation(type) && <p className="text-xs text-slate-500">Written from a template: no text model was connected.</p>}
    </div>
  );
}
