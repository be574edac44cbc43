import { Menu, X } from 'lucide-react';
import { Link } from 'react-router-dom';

interface Props {
  /** Absent when there is no sidebar to toggle (signed out). */
  menu?: { open: boolean; onToggle: () => void; controls: string };
}

export function TopBar({ menu }: Props) {
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center justify-between border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
      <Link
        to="/"
        className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <img src="/favicon.svg" alt="" className="size-7" />
        Atelier
        <span className="hidden text-sm font-normal text-slate-500 sm:inline">AI Studio</span>
      </Link>
      {menu && (
        <button
          type="button"
          onClick={menu.onToggle}
          aria-expanded={menu.open}
          aria-controls={menu.controls}
          aria-label={menu.open ? 'Close menu' : 'Open menu'}
          className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:hidden"
        >
          {menu.open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
        </button>
      )}
    </header>
  );
}
