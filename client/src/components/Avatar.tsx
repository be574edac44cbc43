import { useState } from 'react';

/** The letters an avatar without a picture shows (a control around it names them too: WCAG 2.5.3). */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** The user's picture, or their initials when there is none or it fails to load. */
export function Avatar({
  name,
  imageUrl,
  className = 'size-9',
  loading,
}: {
  name: string;
  imageUrl: string | null;
  className?: string;
  /** 'lazy' for pictures far down a page (the landing's testimonials). */
  loading?: 'lazy' | 'eager';
}) {
  const [broken, setBroken] = useState(false);
  if (imageUrl && !broken) {
    return <img src={imageUrl} alt="" loading={loading} onError={() => setBroken(true)} className={`${className} rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700`}>
      {initials(name)}
    </span>
  );
}
