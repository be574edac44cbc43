import { ArrowRight, Brain, LineChart, PlayCircle, ShieldCheck, Sparkles, Zap } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth';
import { HeroBackdrop } from './HeroBackdrop';

// Loaded when Watch Demo is first pressed: nobody sees it before (docs/benchmarks.md).
const DemoModal = lazy(() => import('./DemoModal').then((m) => ({ default: m.DemoModal })));

const CHIPS = [
  { label: 'Lightning Fast', icon: Zap, tint: 'text-amber-500' },
  { label: 'Enterprise Security', icon: ShieldCheck, tint: 'text-emerald-500' },
  { label: 'AI Powered', icon: Brain, tint: 'text-fuchsia-500' },
  { label: 'Smart Analysis', icon: LineChart, tint: 'text-sky-500' },
];

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

export function Hero() {
  const { user } = useAuth();
  const [demoOpen, setDemoOpen] = useState(false);

  return (
    <section className="relative isolate overflow-hidden px-4 pt-32 pb-20 sm:px-6 sm:pt-40 sm:pb-28">
      {/* Background: soft gradient blobs over a faint grid, all CSS. */}
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-indigo-50 via-white to-slate-50" />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 opacity-60 [background-image:linear-gradient(to_right,rgb(99_102_241/0.08)_1px,transparent_1px),linear-gradient(to_bottom,rgb(99_102_241/0.08)_1px,transparent_1px)] [background-size:44px_44px] [mask-image:radial-gradient(ellipse_at_top,black_40%,transparent_75%)]"
      />
      <div
        aria-hidden
        className="absolute top-10 left-1/2 -z-10 h-72 w-[44rem] -translate-x-1/2 rounded-full bg-gradient-to-r from-indigo-300/40 via-fuchsia-300/40 to-sky-300/40 blur-3xl"
      />
      <HeroBackdrop />

      <div className="mx-auto flex max-w-4xl flex-col items-center text-center">
        <span className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/70 px-3 py-1 text-xs font-semibold text-indigo-700 shadow-sm backdrop-blur">
          <Sparkles aria-hidden className="size-3.5" /> The AI content studio
        </span>
        <h1 className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl">
          Transform your workflow with our <span className="bg-gradient-to-r from-indigo-600 via-violet-600 to-fuchsia-600 bg-clip-text text-transparent">advanced AI toolkit</span>
        </h1>
        <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600">
          {user ? 'Welcome back! Continue your AI journey' : 'Join thousands of innovators transforming their digital workflow'}
        </p>

        <ul className="mt-8 flex flex-wrap justify-center gap-2">
          {CHIPS.map(({ label, icon: Icon, tint }) => (
            <li
              key={label}
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white/80 px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm backdrop-blur"
            >
              <Icon aria-hidden className={`size-4 ${tint}`} />
              {label}
            </li>
          ))}
        </ul>

        <div className="mt-10 flex w-full flex-col items-stretch gap-3 sm:w-auto sm:flex-row sm:items-center">
          <Link
            to={user ? '/ai' : '/sign-in'}
            className={`group inline-flex items-center justify-center gap-2 rounded-full bg-gradient-to-r from-indigo-600 to-violet-600 px-6 py-3 font-semibold text-white shadow-lg shadow-indigo-500/30 transition hover:shadow-indigo-500/50 motion-reduce:transition-none ${focusRing}`}
          >
            {user ? 'Dashboard' : 'Get Started'}
            <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
          </Link>
          <Link
            to="/signup"
            className={`inline-flex items-center justify-center rounded-full border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 shadow-sm transition-colors hover:border-indigo-300 hover:text-indigo-700 ${focusRing}`}
          >
            Get Started Free
          </Link>
          <button
            type="button"
            onClick={() => setDemoOpen(true)}
            className={`inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 font-semibold text-slate-700 transition-colors hover:bg-white hover:text-indigo-700 ${focusRing}`}
          >
            <PlayCircle aria-hidden className="size-5 text-indigo-600" /> Watch Demo
          </button>
        </div>
      </div>

      {demoOpen && (
        <Suspense fallback={null}>
          <DemoModal open onClose={() => setDemoOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
