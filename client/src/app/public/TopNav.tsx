import { ChevronDown, LayoutDashboard, LogOut, Menu, Star, X } from 'lucide-react';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Avatar, initials } from '../../components/Avatar';
import { useAuth } from '../../features/auth';
import { useSiteLinks } from '../../lib/siteLinks';
import { DROPDOWN_CLOSE_DELAY_MS, MOBILE_BREAKPOINT, NAV_HIDE_THRESHOLD, NAV_SCROLLED_THRESHOLD } from './constants';
import { Logo } from '../../components/Logo';
import { NAV_GROUPS, type NavGroup } from './navLinks';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const navItem = `rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 ${focusRing}`;

/** Scrolled (translucent background) and visible (hidden while scrolling down past the threshold). */
function useScrollState(keepVisible: boolean) {
  const [scrolled, setScrolled] = useState(false);
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);

  useEffect(() => {
    function onScroll() {
      const y = window.scrollY;
      setScrolled(y > NAV_SCROLLED_THRESHOLD);
      if (y > lastY.current && y > NAV_HIDE_THRESHOLD) setHidden(true);
      else if (y < lastY.current) setHidden(false);
      lastY.current = y;
    }
    // Reading scrollY right after React's first commit forces a layout of the whole page
    // inside that task; once the next frame is painted the layout is already done.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(onScroll);
    });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  return { scrolled, hidden: hidden && !keepVisible };
}

function DesktopDropdown({ group, open, onOpen, onClose }: { group: NavGroup; open: boolean; onOpen: () => void; onClose: (delayed: boolean) => void }) {
  const id = `nav-menu-${group.label.toLowerCase()}`;
  function onBlur(e: FocusEvent<HTMLDivElement>) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onClose(false);
  }
  return (
    <div className="relative" onMouseEnter={onOpen} onMouseLeave={() => onClose(true)} onBlur={onBlur}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => (open ? onClose(false) : onOpen())}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose(false);
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            onOpen();
            requestAnimationFrame(() => document.querySelector<HTMLAnchorElement>(`#${id} a`)?.focus());
          }
        }}
        className={`${navItem} flex items-center gap-1`}
      >
        {group.label}
        <ChevronDown aria-hidden className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={id} hidden={!open} onKeyDown={(e) => e.key === 'Escape' && onClose(false)} className="absolute top-full left-0 pt-2">
        <ul className="min-w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10">
          {group.links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={() => onClose(false)}
                className={`block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 ${focusRing}`}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    function onDown(e: PointerEvent) {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    }
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') setOpen(false);
    }
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const accountName = user.fullName || user.email || '?';
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-expanded={open}
        aria-haspopup="menu"
        // The name holds the initials the button shows (WCAG 2.5.3: say what you see to operate it).
        aria-label={`Account menu, ${initials(accountName)}`}
        onClick={() => setOpen((o) => !o)}
        className={`rounded-full ring-2 ring-white ${focusRing}`}
      >
        <Avatar name={accountName} imageUrl={user.imageUrl ?? null} />
      </button>
      {open && (
        <div role="menu" className="absolute top-full right-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10">
          <div className="border-b border-slate-100 px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.fullName}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              navigate('/ai');
            }}
            className={`mt-1 flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 ${focusRing}`}
          >
            <LayoutDashboard aria-hidden className="size-4" /> Dashboard
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
            className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-rose-50 hover:text-rose-700 ${focusRing}`}
          >
            <LogOut aria-hidden className="size-4" /> Sign out
          </button>
        </div>
      )}
    </div>
  );
}

/** Star us (the source repository) and Blog, each shown only when this deployment sets its address. */
function ExternalLinks({ className }: { className: string }) {
  const { repositoryUrl, blogUrl } = useSiteLinks();
  return (
    <>
      {repositoryUrl && (
        <a href={repositoryUrl} target="_blank" rel="noopener noreferrer" className={`${className} flex items-center gap-1.5`}>
          <Star aria-hidden className="size-4 text-amber-500" /> Star us
        </a>
      )}
      {blogUrl && (
        <a href={blogUrl} target="_blank" rel="noopener noreferrer" className={`${className} flex items-center`}>
          Blog
        </a>
      )}
    </>
  );
}

/** The right-hand end of the desktop bar: Star us, Blog, About, Contact us, and the account menu or Sign In. */
function DesktopNavEnd() {
  const { user } = useAuth();
  return (
    <div className="hidden items-center gap-1 md:flex">
      <ExternalLinks className={navItem} />
      <Link to="/about" className={`${navItem} hidden lg:block`}>
        About
      </Link>
      <Link to="/contact" className={`${navItem} hidden lg:block`}>
        Contact us
      </Link>
      <div className="ml-2">
        {user ? (
          <UserMenu />
        ) : (
          <Link to="/sign-in" className={`rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-indigo-600 ${focusRing}`}>
            Sign In
          </Link>
        )}
      </div>
    </div>
  );
}

interface MobileNavProps {
  /** The group whose links are expanded (kept by TopNav, so it survives closing the panel). */
  openGroup: string | null;
  onOpenGroupChange: (label: string | null) => void;
  /** Closes the panel (a link followed, signing out). */
  onClose: () => void;
}

/** The small-screen menu panel: each group as a disclosure, the other links, and Dashboard / Sign out or Sign In. */
function MobileNav({ openGroup, onOpenGroupChange, onClose }: MobileNavProps) {
  const { user, signOut } = useAuth();
  return (
    <div id="mobile-nav" className="max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-t border-slate-200 bg-white px-4 pb-6 md:hidden">
      <ul className="divide-y divide-slate-100">
        {NAV_GROUPS.map((group) => {
          const expanded = openGroup === group.label;
          const panelId = `mobile-nav-${group.label.toLowerCase()}`;
          return (
            <li key={group.label}>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => onOpenGroupChange(expanded ? null : group.label)}
                className={`flex w-full items-center justify-between py-3.5 text-left font-medium text-slate-800 ${focusRing}`}
              >
                {group.label}
                <ChevronDown aria-hidden className={`size-5 text-slate-400 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`} />
              </button>
              <ul id={panelId} hidden={!expanded} className="pb-3 pl-3">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} onClick={onClose} className={`block rounded-lg px-3 py-2 text-slate-600 hover:bg-indigo-50 hover:text-indigo-700 ${focusRing}`}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <div className="mt-2 grid grid-cols-2 gap-2 border-t border-slate-100 pt-4">
        <ExternalLinks className={`${navItem} justify-center border border-slate-200`} />
        <Link to="/about" onClick={onClose} className={`${navItem} border border-slate-200 text-center`}>
          About
        </Link>
        <Link to="/contact" onClick={onClose} className={`${navItem} border border-slate-200 text-center`}>
          Contact us
        </Link>
      </div>
      <div className="mt-4">
        {user ? (
          <div className="grid grid-cols-2 gap-2">
            <Link
              to="/ai"
              onClick={onClose}
              className={`flex items-center justify-center gap-2 rounded-full bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white ${focusRing}`}
            >
              <LayoutDashboard aria-hidden className="size-4" /> Dashboard
            </Link>
            <button
              type="button"
              onClick={() => {
                onClose();
                void signOut();
              }}
              className={`flex items-center justify-center gap-2 rounded-full border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-700 ${focusRing}`}
            >
              <LogOut aria-hidden className="size-4" /> Sign out
            </button>
          </div>
        ) : (
          <Link to="/sign-in" onClick={onClose} className={`block rounded-full bg-slate-900 px-4 py-2.5 text-center text-sm font-semibold text-white ${focusRing}`}>
            Sign In
          </Link>
        )}
      </div>
    </div>
  );
}

export function TopNav() {
  const location = useLocation();
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileGroup, setMobileGroup] = useState<string | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const { scrolled, hidden } = useScrollState(mobileOpen || openGroup !== null);

  // Desktop width closes the mobile panel.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    const onChange = () => {
      if (query.matches) setMobileOpen(false);
    };
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // A new page closes any open menu.
  useEffect(() => {
    setMobileOpen(false);
    setOpenGroup(null);
  }, [location.pathname]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  function openDropdown(label: string) {
    window.clearTimeout(closeTimer.current);
    setOpenGroup(label);
  }
  function closeDropdown(label: string, delayed: boolean) {
    window.clearTimeout(closeTimer.current);
    const close = () => setOpenGroup((current) => (current === label ? null : current));
    if (delayed) closeTimer.current = window.setTimeout(close, DROPDOWN_CLOSE_DELAY_MS);
    else close();
  }

  const closeMobile = () => setMobileOpen(false);
  const solid = scrolled || mobileOpen;

  return (
    <header
      className={`fixed inset-x-0 top-0 z-50 transition-[transform,background-color,box-shadow] duration-300 motion-reduce:transition-none ${
        hidden ? '-translate-y-full' : 'translate-y-0'
      } ${solid ? 'border-b border-slate-200/70 bg-white/75 shadow-sm backdrop-blur-lg' : 'bg-transparent'}`}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo onClick={closeMobile} />

        <div className="hidden items-center gap-1 md:flex">
          {NAV_GROUPS.map((group) => (
            <DesktopDropdown
              key={group.label}
              group={group}
              open={openGroup === group.label}
              onOpen={() => openDropdown(group.label)}
              onClose={(delayed) => closeDropdown(group.label, delayed)}
            />
          ))}
        </div>

        <DesktopNavEnd />

        <button
          type="button"
          aria-expanded={mobileOpen}
          aria-controls="mobile-nav"
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMobileOpen((o) => !o)}
          className={`rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden ${focusRing}`}
        >
          {mobileOpen ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
        </button>
      </nav>

      {mobileOpen && <MobileNav openGroup={mobileGroup} onOpenGroupChange={setMobileGroup} onClose={closeMobile} />}
    </header>
  );
}
