import { toast } from 'sonner';

/** The image's address as others can open it (content may be a path on this server). */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return url;
  }
}

export { downloadImage } from '../../../lib/download';

/**
 * The device's share sheet with the image URL and prompt when there is one; otherwise
 * the URL goes to the clipboard. Failures (including a dismissed sheet) are only logged.
 */
export async function shareImage(url: string, prompt: string): Promise<void> {
  const link = absoluteUrl(url);
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: 'AI creation', text: prompt, url: link });
      return;
    }
    await navigator.clipboard.writeText(link);
    toast.success('Image URL copied to clipboard!');
  } catch (err) {
    console.warn('Sharing the image failed', err);
  }
}
