import { Markdown } from '../../../components/Markdown';
import type { CreationType } from '../../../gql/graphql';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { isImageCreation } from '../../../tools/creations';

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
        <img src={content} alt={prompt} loading="lazy" className="max-h-[500px] w-auto max-w-full rounded-lg border border-slate-200 object-contain" />
      ) : (
        <div className="max-h-[500px] overflow-y-auto rounded-lg border border-slate-100 bg-slate-50 p-4">
          <Markdown>{content}</Markdown>
        </div>
      )}
      {isEmbeddedProvider(provider) && <p className="text-xs text-slate-500">Made by Atelier's built-in offline generator.</p>}
    </div>
  );
}
