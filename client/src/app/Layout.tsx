import { Outlet, useLocation } from 'react-router-dom';
import { TopNav } from './public/TopNav';
import { usePageMeta } from './pageTitles';

/** The public layout: fixed top navigation above `/` and the static pages. */
export function Layout() {
  const { pathname } = useLocation();
  usePageMeta();
  // The landing page lays out its own full-width sections (and footer); other pages sit in a column.
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
          <footer className="py-6 text-center text-sm text-slate-500">© Atelier</footer>
        </>
      )}
    </div>
  );
}
