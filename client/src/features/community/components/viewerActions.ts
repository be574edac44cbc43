import { toast } from 'sonner';

/** The image's address as others can open it (content may be a path on this server). */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return url;
  }
}

/** Fetches the image as a blob and saves it as `fileName` (spec §7: downloads go through a blob). */
export async function downloadImage(url: string, fileName: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes away.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}

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
