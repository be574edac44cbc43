import { EyeOff, Globe, LoaderCircle, Lock, ShieldAlert } from 'lucide-react';
import { useModeration, usePublishCreation } from '../hooks/usePublishCreation';

interface Props {
  creation: { id: string; published: boolean };
  /** Said to screen readers after the verb when a page has several, e.g. "picture 2 of 3". */
  which?: string;
  /** The id of what names the creation (a dashboard item's prompt), read as the button's description. */
  describedBy?: string;
}

/**
 * "Publish to the community" / "Unpublish from the community" for one of the user's own images
 * (docs/product.md, §4 "Publishing"). While the server works it reads "Publishing…" and ignores
 * presses but keeps the keyboard focus (aria-disabled, not disabled).
 */
export function PublishButton({ creation, which, describedBy }: Props) {
  const { published, pending, toggle } = usePublishCreation(creation.id, creation.published);
  const [verb, rest, working] = published ? ['Unpublish', 'from the community', 'Unpublishing…'] : ['Publish', 'to the community', 'Publishing…'];
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      aria-describedby={describedBy}
      data-publish-button=""
      className="inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:opacity-60"
    >
      {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : published ? <Lock aria-hidden className="size-4" /> : <Globe aria-hidden className="size-4" />}
      {pending ? (
        working
      ) : (
        <span>
          {verb}
          {which && <span className="sr-only"> {which}</span>}
          <span className="sr-only"> {rest}</span>
        </span>
      )}
    </button>
  );
}

/**
 * Beside a published creation of the user's own: "Public" when the gallery shows it, "Held for
 * review" when screening held it (docs/screening.md), "Hidden" when a moderator took it out.
 * `moderation` is what the page's query said; the cache's word wins once it has one.
 */
export function PublicBadge({ id, moderation }: { id?: string; moderation?: string } = {}) {
  const state = useModeration(id, moderation);
  if (state === 'HELD') {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" data-held-badge="">
        <ShieldAlert aria-hidden className="size-3" />
        Held for review
      </span>
    );
  }
  if (state === 'HIDDEN') {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700" data-hidden-badge="">
        <EyeOff aria-hidden className="size-3" />
        Hidden by a moderator
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700" data-public-badge="">
      <Globe aria-hidden className="size-3" />
      Public
    </span>
  );
}
