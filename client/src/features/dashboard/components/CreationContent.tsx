import { Markdown } from '../../../components/Markdown';
import { ResultScroller } from '../../../components/ResultScroller';
import type { CreationType } from '../../../gql/graphql';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { CREATION_TYPE_LABEL, isImageCreation } from '../../../tools/creations';

interface Props {
  type: CreationType;
  prompt: string;
  content: string;
  provider: string;
}

/** A creation's result: the image for image kinds, sanitised markdown otherwise. */
export function CreationContent({ type, prompt, content, provider }: Props) {
  return (
    <div className="flex flex-col gap-2">
      {isImageCreation(type) ? (
        // self-start: not stretched to the card's width, so the frame hugs the picture; at most
        // 500px (product §9) and never taller than most of the viewport (a phone held sideways).
        <img src={content} alt={prompt} loading="lazy" className="max-h-[min(500px,80vh)] w-auto max-w-full self-start rounded-lg border border-slate-200 object-contain" />
      ) : (
        <ResultScroller follow={false} contentKey={content} label={`${CREATION_TYPE_LABEL[type]} result`}>
          <Markdown>{content}</Markdown>
        </ResultScroller>
      )}
      {isEmbeddedProvider(provider) && <p className="text-xs text-slate-500">Made by Atelier's built-in offline generator.</p>}
    </div>
  );
}
