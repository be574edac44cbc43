import { Check, Download, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CONFIRMATION_MS } from '../lib/constants';
import { downloadImage } from '../lib/download';

interface Props {
  url: string;
  /** The saved name is `{prefix}-{timestamp}.png` (product §9), or `.webp` / `.jpg` when the file is one (an image tool's output format). */
  prefix: string;
  /** Said to screen readers after "Download" when a page has several, e.g. "picture 2 of 3". */
  which?: string;
}

/** Saves the result image; reads "Downloaded!" for 2 s. A new result URL starts fresh. */
export function DownloadImageButton({ url, prefix, which }: Props) {
  // Keyed by URL, so a new image result resets the flag (product §4).
  const [downloadedUrl, setDownloadedUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const downloaded = downloadedUrl === url;

  useEffect(() => {
    if (!downloadedUrl) return;
    const timer = setTimeout(() => setDownloadedUrl(null), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [downloadedUrl]);

  async function download() {
    setBusy(true);
    try {
      await downloadImage(url, `${prefix}-${Date.now()}.${extensionOf(url)}`);
      setDownloadedUrl(url);
      toast.success('Image downloaded successfully!');
    } catch {
      toast.error('Failed to download image');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={download}
      disabled={busy}
      className="inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
    >
      {busy ? (
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
      ) : downloaded ? (
        <Check aria-hidden className="size-4 text-emerald-600" />
      ) : (
        <Download aria-hidden className="size-4" />
      )}
      <span aria-live="polite">{downloaded ? 'Downloaded!' : 'Download'}</span>
      {which && <span className="sr-only"> {which}</span>}
    </button>
  );
}

/** The stored file's extension, which names what its bytes are (png, webp or jpg); png when the URL says none. */
function extensionOf(url: string): string {
  return /\.(png|webp|jpg)(?:[?#]|$)/.exec(url)?.[1] ?? 'png';
}
