import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="flex flex-1 flex-col items-center justify-center gap-4 py-24 text-center">
      <p className="text-5xl font-bold text-slate-500">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <Link to="/" className="font-medium text-indigo-600 hover:text-indigo-500">
        Back to home
      </Link>
    </section>
  );
}
