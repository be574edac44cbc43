import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { startedFromPrerender } from '../lib/prerendered';

/** An image that gives way to `fallback` (an icon, another picture) if it fails to load (product §8). */
export function FallbackImage({ fallback, alt = '', ...img }: ImgHTMLAttributes<HTMLImageElement> & { fallback: ReactNode }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <>{fallback}</>;
  return (
    <img
      alt={alt}
      {...img}
      // A prerendered page may have failed to load it before React was there to hear `error`.
      ref={(node) => {
        if (startedFromPrerender && node?.complete && node.naturalWidth === 0 && node.getAttribute('src')) setFailed(true);
      }}
      onError={() => setFailed(true)}
    />
  );
}
