import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from 'sonner';
import { useViewerFocus } from '../hooks/useViewerFocus';
import { useViewerKeys } from '../hooks/useViewerKeys';
import type { CommunityCreation } from '../types';
import { CreationDetails } from './CreationDetails';
import { PlaceholderBadge } from '../../engines';
import { CreationImage } from './CreationImage';
import { SENSITIVE_BLUR, SensitiveCover, useSensitiveHidden } from './SensitiveCover';
import { ViewerToolbar } from './ViewerToolbar';
import { ViewerSendTo } from './ViewerSendTo';
import { ReportCreation } from './ReportCreation';
import { downloadImage, shareImage } from './viewerActions';

interface Props {
  creations: CommunityCreation[];
  index: number;
  /** A signed-in viewer may send their own creations to a tool (ViewerSendTo asks which are theirs). */
  signedIn?: boolean;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onToggleLike: (creation: CommunityCreation) => void;
}

const navButton =
  'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-slate-900/70 text-white shadow-lg ring-1 ring-white/20 backdrop-blur transition-colors hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The full-screen viewer (product §2, §4): one creation at a time with previous/next that
 * wrap around, download, share, creator, date, prompt and likes. Escape closes, the arrow
 * keys navigate, and Tab stays inside until it closes (the caller restores focus).
 */
export function CreationViewer({ creations, index, signedIn = false, onIndexChange, onClose, onToggleLike }: Props) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const promptId = useId();
  const [downloading, setDownloading] = useState(false);

  const count = creations.length;
  const creation = creations[index];
  const position = index + 1;

  const trapTab = useViewerFocus(dialogRef, closeRef);
  const blurred = useSensitiveHidden(creation ?? { id: '', sensitive: false });
  useViewerKeys(index, count, onIndexChange, onClose);

  if (!creation) return null;

  async function download() {
    if (!creation || downloading) return;
    setDownloading(true);
    try {
      await downloadImage(creation.content, `ai-creation-${position}.jpg`);
      toast.success('Image downloaded successfully!');
    } catch {
      toast.error('Failed to download image');
    } finally {
      setDownloading(false);
    }
  }

  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={promptId}
      onKeyDown={trapTab}
      className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-slate-100 lg:flex-row"
    >
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <ViewerToolbar
          position={position}
          count={count}
          downloading={downloading}
          onDownload={() => void download()}
          onShare={() => void shareImage(creation.content, creation.prompt)}
          sendTo={signedIn && <ViewerSendTo key={creation.id} creation={creation} />}
          closeRef={closeRef}
          onClose={onClose}
        />

        <div
          className="relative flex min-h-0 flex-1 items-center justify-center px-3 pb-3 sm:px-16 sm:pb-6"
          // A click on the dark space around the image closes, as on most viewers.
          onClick={(e) => e.target === e.currentTarget && onClose()}
        >
          {creation.placeholder && <PlaceholderBadge position="top-2 left-1/2 -translate-x-1/2 sm:top-4" />}
          <CreationImage
            key={creation.id}
            src={creation.content}
            alt={creation.prompt}
            loading="eager"
            className={`max-h-full max-w-full rounded-lg object-contain shadow-2xl ${blurred ? SENSITIVE_BLUR : ''}`}
            fallbackClassName="size-64 max-w-full rounded-lg bg-slate-900 text-slate-500"
          />
          <SensitiveCover key={`sensitive-${creation.id}`} creation={creation} className="absolute inset-0 m-auto size-fit min-h-32 min-w-48 rounded-lg p-6" />
          {count > 1 && (
            <>
              <button type="button" onClick={() => onIndexChange((index - 1 + count) % count)} aria-label="Previous creation" className={`${navButton} left-2 sm:left-4`}>
                <ChevronLeft aria-hidden className="size-6" />
              </button>
              <button type="button" onClick={() => onIndexChange((index + 1) % count)} aria-label="Next creation" className={`${navButton} right-2 sm:right-4`}>
                <ChevronRight aria-hidden className="size-6" />
              </button>
            </>
          )}
        </div>
      </div>

      <CreationDetails
        creation={creation}
        titleId={titleId}
        promptId={promptId}
        onToggleLike={onToggleLike}
        report={signedIn && <ReportCreation key={creation.id} creation={creation} />}
      />
    </div>,
    document.body,
  );
}
