import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '../features/landing/components/Footer';
import { HelpButton } from '../features/landing/components/HelpButton';
import { TopNav } from './public/TopNav';
import { usePageMeta } from './pageTitles';

/** The public layout: fixed top navigation above `/` and the static pages, the site footer below them. */
export function Layout() {
  const { pathname } = useLocation();
  usePageMeta();
  // The landing page lays out its own full-width sections; every other page sits in a column.
  const isHome = pathname === '/';
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <TopNav />
      <main className={isHome ? 'flex w-full flex-1 flex-col' : 'mx-auto flex w-full max-w-5xl flex-1 flex-col px-6 pt-16'}>
        <Outlet />
      </main>
      {/* Just before the footer: the landing's help button floats until the footer arrives, then rests above it. */}
      {isHome && <HelpButton />}
      <Footer />
    </div>
  );
}
