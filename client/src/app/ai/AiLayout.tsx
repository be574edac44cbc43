import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { usePageMeta } from '../pageTitles';
import { LoadingPanel } from '../../components/Spinner';
import { useAuth } from '../../features/auth';
import { AuthScreen } from '../../features/auth/components/AuthScreen';
import { VerifyEmailBanner } from '../../features/email';
import { toasterReady } from '../../lib/toaster';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

const SIDEBAR_ID = 'ai-sidebar';

/** The signed-in area (product §2): top bar, sidebar of tools, and the chosen tool beside it. */
export function AiLayout() {
  usePageMeta();
  const { user, plan, loading, signOut } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // The tools, the dashboard and the account page toast (lib/toaster.ts).
  useEffect(() => void toasterReady(), []);

  // Also covers navigation that did not come from a sidebar click (back button, links in content).
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  if (loading || !user) {
    return (
      <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
        <TopBar />
        {/* Signed out, a tool's address shows the sign-in page's card and panel (switching to sign-up in
            place, so the address stays); like the rest of the app shell, without the site footer. */}
        <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col px-4 sm:px-6">{loading ? <LoadingPanel /> : <AuthScreen />}</main>
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <TopBar menu={{ open: menuOpen, onToggle: () => setMenuOpen((o) => !o), controls: SIDEBAR_ID }} />
      <div className="flex flex-1">
        {/* The rail keeps the white column and its border as tall as the page; the sidebar sticks inside it. */}
        <div className="md:w-64 md:shrink-0 md:border-r md:border-slate-200 md:bg-white">
          <Sidebar id={SIDEBAR_ID} open={menuOpen} user={user} plan={plan} onNavigate={() => setMenuOpen(false)} onSignOut={() => void signOut()} />
        </div>
        {menuOpen && <div aria-hidden className="fixed inset-0 top-14 z-10 bg-slate-900/30 md:hidden" onClick={() => setMenuOpen(false)} />}
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-8 sm:py-8">
          <div className="mx-auto w-full max-w-6xl">
            <VerifyEmailBanner />
            {user.suspended && (
              // docs/moderation.md, "Suspension": what the account may no longer do, and why.
              <p role="status" className="mb-6 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900">
                Your account is suspended{user.suspendedReason ? `: ${user.suspendedReason}` : ''}. You can still see and download your creations, but not publish, like, report or
                start new jobs.
              </p>
            )}
            <Suspense fallback={<LoadingPanel />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
