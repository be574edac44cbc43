import { Link } from 'react-router-dom';
import { useAuth } from '../../features/auth';

export function HomePage() {
  const { user } = useAuth();
  return (
    <section className="flex flex-1 flex-col items-center justify-center gap-6 py-24 text-center">
      <p className="text-sm font-medium tracking-widest text-indigo-600 uppercase">Atelier</p>
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        Transform your workflow with our advanced AI toolkit
      </h1>
      <p className="max-w-xl text-slate-600">
        {user ? 'Welcome back! Continue your AI journey' : 'Join thousands of innovators transforming their digital workflow'}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Link
          to={user ? '/ai' : '/sign-in'}
          className="rounded-lg bg-indigo-600 px-5 py-2.5 font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {user ? 'Dashboard' : 'Get Started'}
        </Link>
        {/* A plain anchor, not <Link>: GraphiQL is a separate page served outside the SPA. */}
        <a
          href="/graphql"
          className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Open GraphiQL
        </a>
      </div>
    </section>
  );
}
