import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { MyCreationsQuery } from '../../../gql/graphql';
import { CREATION_TYPE_LABEL, isImageCreation } from '../../../tools/creations';
import { PublicBadge, PublishButton } from '../../community';
import { TemplateBadge } from '../../engines';
import { SendToMenu } from '../../send-to';
import { CreationContent } from './CreationContent';

export type CreationSummary = MyCreationsQuery['myCreations']['edges'][number]['node'];

/**
 * One history row: prompt, kind and date; click to show the result (product §4: collapsed or
 * expanded). An image has Publish / Unpublish beside it, open or not, and a "Public" badge while
 * the community gallery shows it (docs/product.md, "Dashboard" and §4 "Publishing": text cannot be published).
 */
export function CreationItem({ creation }: { creation: CreationSummary }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const promptId = useId();
  const image = isImageCreation(creation.type);
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-xs">
      <div className="flex items-start">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-0 flex-1 items-start gap-3 rounded-xl p-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <div className="min-w-0 flex-1">
            <p id={promptId} className="line-clamp-2 font-medium break-words text-slate-900">
              {creation.prompt}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500">
              <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">{CREATION_TYPE_LABEL[creation.type]}</span>
              {creation.placeholder &&
                (image ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" data-placeholder-chip="">
                    Placeholder
                  </span>
                ) : (
                  <TemplateBadge />
                ))}
              {creation.published && <PublicBadge id={creation.id} moderation={creation.moderation} />}
              <time dateTime={creation.createdAt}>{new Date(creation.createdAt).toLocaleDateString()}</time>
            </p>
          </div>
          <ChevronDown aria-hidden className={`mt-1 size-5 shrink-0 text-slate-400 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
        {image && (
          <div className="flex shrink-0 flex-wrap items-center justify-end gap-2 py-3 pr-4">
            <SendToMenu creation={creation} />
            <PublishButton creation={creation} describedBy={promptId} />
          </div>
        )}
      </div>
      {open && (
        <div id={panelId} className="border-t border-slate-100 p-4">
          <CreationContent
            type={creation.type}
            prompt={creation.prompt}
            content={creation.content}
            provider={creation.provider}
            placeholder={creation.placeholder}
            madeBy={creation.madeBy ?? null}
          />
        </div>
      )}
    </li>
  );
}
