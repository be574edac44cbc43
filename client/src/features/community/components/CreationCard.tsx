import { memo } from 'react';
import { PLACEHOLDER_IMAGE_TEXT, PlaceholderBadge } from '../../engines';
import { creatorName, type CommunityCreation } from '../types';
import { CreationImage } from './CreationImage';
import { LikeButton } from './LikeButton';
import { SENSITIVE_BLUR, SensitiveCover, useSensitiveHidden } from './SensitiveCover';

interface Props {
  creation: CommunityCreation;
  onOpen: (creation: CommunityCreation, opener: HTMLElement) => void;
  onToggleLike: (creation: CommunityCreation) => void;
}

/** One tile of the gallery: the image (prompt on hover or focus), its creator and the like toggle. */
export const CreationCard = memo(function CreationCard({ creation, onOpen, onToggleLike }: Props) {
  const name = creatorName(creation);
  const blurred = useSensitiveHidden(creation);
  return (
    <li className="group relative flex min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs transition-shadow hover:shadow-md">
      <button
        type="button"
        data-creation-id={creation.id}
        onClick={(e) => onOpen(creation, e.currentTarget)}
        aria-label={`View creation by ${name}${creation.placeholder ? ` (${PLACEHOLDER_IMAGE_TEXT})` : ''}${creation.sensitive ? ' (sensitive)' : ''}: ${creation.prompt}`}
        className="relative block aspect-square w-full overflow-hidden bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        <CreationImage
          src={creation.content}
          alt={creation.prompt}
          className={`size-full object-cover transition-transform duration-300 ${blurred ? SENSITIVE_BLUR : 'motion-safe:group-hover:scale-[1.03]'}`}
          fallbackClassName="size-full text-slate-400"
        />
        <span
          aria-hidden
          className="pointer-events-none absolute inset-x-0 bottom-0 bg-linear-to-t from-slate-950/85 via-slate-950/50 to-transparent px-3 pt-10 pb-3 text-left text-sm leading-snug text-white opacity-0 transition-opacity duration-200 group-focus-within:opacity-100 group-hover:opacity-100"
        >
          <span className="line-clamp-4 break-words">{creation.prompt}</span>
        </span>
      </button>
      {/* Beside the button, over its picture: the button's name already says it (its visible text would have to be in the name). */}
      {creation.placeholder && <PlaceholderBadge decorative />}
      <SensitiveCover creation={creation} />
      <div className="flex items-center justify-between gap-2 px-3 py-2.5">
        <p className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
          <span aria-hidden className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">
            {name[0]?.toUpperCase()}
          </span>
          <span className="truncate">
            <span className="sr-only">By </span>
            {name}
          </span>
        </p>
        <LikeButton liked={creation.likedByMe} count={creation.likeCount} onToggle={() => onToggleLike(creation)} />
      </div>
    </li>
  );
});
