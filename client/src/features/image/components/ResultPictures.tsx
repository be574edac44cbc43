import { ZoomIn } from 'lucide-react';
import { DownloadImageButton } from '../../../components/DownloadImageButton';
import { PublicBadge, PublishButton, usePublished } from '../../community';
import { PlaceholderBadge } from '../../engines';
import { SendToMenu } from '../../send-to';
import type { CreationType } from '../../../gql/graphql';
import type { Picture } from '../lib/batch';

interface Props {
  pictures: Picture[];
  /** Their creation type (the tool's). */
  type: CreationType;
  /** What the user described: each picture's alt text. */
  description: string;
  /** Whether publishing was asked for (each picture's state until it changes). */
  published: boolean;
  onZoom: (picture: Picture) => void;
}

/**
 * The finished pictures: one large, or several in a grid (one column on phones), each with its
 * own Download, Zoom and Publish / Unpublish, a "Public" badge on those the community gallery
 * shows, and a "Placeholder" badge on those an embedded stand-in drew.
 */
export function ResultPictures({ pictures, type, description, published, onZoom }: Props) {
  const several = pictures.length > 1;
  return (
    <ul className={several ? 'grid grid-cols-1 gap-3 sm:grid-cols-2' : 'flex flex-col'} aria-label={several ? `${pictures.length} pictures` : undefined}>
      {pictures.map((picture, i) => (
        <li key={picture.id} className="flex flex-col gap-2">
          <div
            className={`relative flex items-center justify-center overflow-hidden rounded-lg border border-slate-100 bg-slate-50 ${several ? 'aspect-square' : 'max-h-[500px]'}`}
          >
            {picture.placeholder && <PlaceholderBadge />}
            <img
              src={picture.content}
              alt={several ? `${description} (${i + 1} of ${pictures.length})` : description}
              className={several ? 'h-full w-full object-contain' : 'max-h-[500px] w-auto max-w-full object-contain'}
            />
          </div>
          {several && (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <button type="button" onClick={() => onZoom(picture)} className="inline-flex items-center gap-1 text-xs font-medium text-indigo-700 hover:underline">
                <ZoomIn aria-hidden className="size-3.5" />
                Zoom in<span className="sr-only"> on picture {i + 1}</span>
              </button>
              <div className="flex flex-wrap items-center gap-2">
                <PictureSharing id={picture.id} asked={published} which={`picture ${i + 1} of ${pictures.length}`} />
                <SendToMenu creation={{ id: picture.id, type, content: picture.content, prompt: description }} which={`picture ${i + 1} of ${pictures.length}`} />
                <DownloadImageButton key={picture.id} url={picture.content} prefix="ai-generated-image" which={`picture ${i + 1} of ${pictures.length}`} />
              </div>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function PictureSharing({ id, asked, which }: { id: string; asked: boolean; which: string }) {
  const published = usePublished(id, asked);
  return (
    <>
      {published && <PublicBadge id={id} />}
      <PublishButton creation={{ id, published }} which={which} />
    </>
  );
}
