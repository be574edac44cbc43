import { Images } from 'lucide-react';
import type { SentImage } from '../lib/sent';

/** Under a sent creation's preview, in place of a file's name and size: where the picture comes from. */
export function SentImageDetails({ sent }: { sent: SentImage }) {
  return (
    <p className="flex min-w-0 items-center justify-between gap-3 text-sm" data-sent-creation={sent.id}>
      <span className="truncate font-medium text-slate-800" title={sent.name}>
        {sent.name}
      </span>
      <span className="flex shrink-0 items-center gap-1 text-slate-500">
        <Images aria-hidden className="size-4" />
        From your creations
      </span>
    </p>
  );
}
