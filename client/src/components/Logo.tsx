import { Link } from 'react-router-dom';
import { FallbackImage } from './FallbackImage';

/** The Atelier mark beside the wordmark; if the mark cannot load, 'AI' stands in for it (product §8). */
export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="flex items-center gap-2 rounded-lg text-lg font-semibold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <FallbackImage
        src="/logo.webp"
        width={32}
        height={32}
        className="size-8"
        fallback={
          <span aria-hidden className="flex size-8 items-center justify-center rounded-[9px] bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-sm font-bold text-white">
            AI
          </span>
        }
      />
      Atelier
    </Link>
  );
}
