import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '../features/landing/components/Footer';
import { TopNav } from './public/TopNav';
import { usePageMeta } from './pageTitles';

/** The public layout: fixed top navigation above `/` and the static pages, the site footer below them. */
export function Layout() {
  const { pathname } = useLocation();
  usePageMeta();
  // The landing page lays out its own full-width sections and places the footer itself (its help
  // button must sit just before it); every other page sits in a column above the same footer.
  const isHome = pathname === '/';
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <TopNav />
      {isHome ? (
        <main className="flex w-full flex-1 flex-col">
          <Outlet />
        </main>
      ) : (
        <>
          <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col px-6 pt-16">
            <Outlet />
          </main>
          <Footer />
        </>
      )}
    </div>
  );
}
