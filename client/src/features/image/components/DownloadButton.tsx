import { Check, Download, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CONFIRMATION_MS } from '../../../lib/constants';
import { downloadImage } from '../lib/downloadImage';

/**
 * Saves the image as ai-generated-image-{timestamp}.png; reads "Downloaded!" for 2 s.
 * The parent keys it by the creation, so a new result starts with a fresh flag.
 */
export function DownloadButton({ url }: { url: string }) {
  const [downloading, setDownloading] = useState(false);
  const [downloaded, setDownloaded] = useState(false);

  useEffect(() => {
    if (!downloaded) return;
    const timer = setTimeout(() => setDownloaded(false), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [downloaded]);

  async function download() {
    setDownloading(true);
    try {
      await downloadImage(url, `ai-generated-image-${Date.now()}.png`);
      setDownloaded(true);
      toast.success('Image downloaded successfully!');
    } catch {
      toast.error('Failed to download image');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <button
      type="button"
      onClick={download}
      disabled={downloading}
      className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
    >
      {downloading ? (
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
      ) : downloaded ? (
        <Check aria-hidden className="size-4 text-emerald-600" />
      ) : (
        <Download aria-hidden className="size-4" />
      )}
      <span aria-live="polite">{downloaded ? 'Downloaded!' : 'Download'}</span>
    </button>
  );
}
