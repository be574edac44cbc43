import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

/** An image that gives way to `fallback` (an icon, another picture) if it fails to load (spec §8). */
export function FallbackImage({ fallback, alt = '', ...img }: ImgHTMLAttributes<HTMLImageElement> & { fallback: ReactNode }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <>{fallback}</>;
  return <img alt={alt} {...img} onError={() => setFailed(true)} />;
}
