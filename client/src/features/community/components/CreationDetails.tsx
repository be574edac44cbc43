// The creation viewer's side panel: creator, date, likes and prompt.
import type { ReactNode } from 'react';
import { relativeDate } from '../relativeDate';
import { creatorName, type CommunityCreation } from '../types';
import { LikeButton } from './LikeButton';

interface Props {
  creation: CommunityCreation;
  /** The id of the heading naming the creator (the dialog's label). */
  titleId: string;
  /** The id of the prompt (the dialog's description). */
  promptId: string;
  onToggleLike: (creation: CommunityCreation) => void;
  /** "Report", for a signed-in viewer (docs/moderation.md, "Reporting"). */
  report?: ReactNode;
}

/** Who made the creation and when, its like button, and its prompt. */
export function CreationDetails({ creation, titleId, promptId, onToggleLike, report }: Props) {
  const name = creatorName(creation);
  const created = new Date(creation.createdAt);
  // Part of the dialog, not a page landmark (an <aside> here doubled the sidebar's complementary landmark).
  return (
    <div className="flex max-h-[42dvh] shrink-0 flex-col gap-4 overflow-y-auto border-t border-white/10 bg-slate-900 p-4 sm:p-5 lg:max-h-none lg:w-96 lg:border-t-0 lg:border-l lg:pt-24">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span aria-hidden className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-500/20 font-semibold text-indigo-200">
            {name[0]?.toUpperCase()}
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="truncate font-semibold text-white">
              <span className="sr-only">Creation by </span>
              {name}
            </h2>
            <p className="text-sm text-slate-400">
              <time dateTime={creation.createdAt} title={created.toLocaleString()}>
                {relativeDate(created, new Date())}
              </time>
            </p>
          </div>
        </div>
        <LikeButton tone="dark" liked={creation.likedByMe} count={creation.likeCount} onToggle={() => onToggleLike(creation)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <h3 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Prompt</h3>
        <p id={promptId} className="text-sm leading-relaxed break-words whitespace-pre-line text-slate-100">
          {creation.prompt}
        </p>
      </div>
      {report}
    </div>
  );
}
