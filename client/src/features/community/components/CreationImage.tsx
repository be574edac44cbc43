import { ImageOff } from 'lucide-react';
import { useState } from 'react';

interface Props {
  src: string;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** Classes of the box shown instead when the image fails to load. */
  fallbackClassName?: string;
}

/** An image that shows a neutral placeholder icon instead when it cannot be loaded (product §8). */
export function CreationImage({ src, alt, className = '', loading = 'lazy', fallbackClassName = '' }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <span role="img" aria-label={alt ? `${alt} (image unavailable)` : 'Image unavailable'} className={`flex items-center justify-center ${fallbackClassName}`}>
        <ImageOff aria-hidden className="size-10 opacity-60" />
      </span>
    );
  }
  return <img src={src} alt={alt} loading={loading} decoding="async" onError={() => setFailed(src)} className={className} />;
}
