import { ArrowRight, Check, Layers, ShieldCheck, Sparkles, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Plans } from '../../billing';
import { Accordion } from '../components/Accordion';
import { DemoStage } from '../components/DemoStage';
import { PlayBadge, PlayToggle } from '../components/PlayToggle';
import { cardClass, PageIntro, primaryButtonClass, SitePage } from '../components/ui';
import { DEMO_TOOLS } from '../lib/tools';

const FEATURES = [
  {
    icon: Sparkles,
    title: 'Six AI tools, one studio',
    text: 'Articles, blog titles, images, background and object removal and resume reviews — all behind a single sign-in.',
  },
  {
    icon: Zap,
    title: 'Fast, focused results',
    text: 'Each tool does one job well, with sensible defaults, live progress and one-click copy and download.',
  },
  {
    icon: Layers,
    title: 'Your history, your gallery',
    text: 'Every creation is saved to your dashboard. Publish the images you love to the community gallery.',
  },
];

/** The feature page shows the demo's first tool. */
const FIRST_DEMO = DEMO_TOOLS[0]!;

export function FeatureRoute() {
  const [playing, setPlaying] = useState(false);
  return (
    <SitePage>
      <PageIntro
        eyebrow="Features"
        title="Everything you need to create with AI"
        intro="Atelier brings writing and image tools together so you can go from idea to finished content without switching apps."
      />
      <ul className="mt-10 grid gap-4 sm:mt-12 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className={cardClass}>
            <span className="flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
              <Icon aria-hidden className="size-5" />
            </span>
            <h2 className="mt-4 font-semibold text-slate-900">{title}</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
      <section className={`${cardClass} mt-8`} aria-labelledby="feature-demo-title">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <h2 id="feature-demo-title" className="font-semibold text-slate-900">
              See it in action
            </h2>
            <PlayBadge playing={playing} />
          </div>
          <PlayToggle playing={playing} onToggle={() => setPlaying((p) => !p)} />
        </div>
        <DemoStage Scene={FIRST_DEMO.Scene} playing={playing} label={`Animated demo of ${FIRST_DEMO.title}`} />
        <div className="mt-5 text-center">
          <Link to="/product/demo" className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-600 hover:text-indigo-500">
            Explore all tool demos <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
      </section>
    </SitePage>
  );
}

const INCLUDED = [
  'Secure sign-in and private creations',
  'Creation history on your dashboard',
  'Copy and download for every result',
  'Publish images to the community gallery',
  'Responsive on phone, tablet and desktop',
  'Email support',
];

const PRICING_FAQ = [
  {
    q: 'What counts as a text generation?',
    a: 'Each article or set of blog titles you generate counts as one. Free accounts get 10 a month; the allowance resets at the start of each month.',
  },
  {
    q: 'Which tools need Premium?',
    a: 'Image generation, background removal, object removal and resume review are Premium tools. Articles and blog titles are available on both plans.',
  },
  { q: 'Is there a free trial?', a: 'Yes. Premium comes with a 14-day free trial, no credit card needed. Start it from your account page; every Premium tool unlocks at once.' },
  { q: 'What happens when I change plans?', a: 'Plan changes are prorated: you pay only for the time you use on each plan.' },
  {
    q: 'Can I cancel at any time?',
    a: 'Yes. Cancel anytime — you keep access until the end of the billing period, then your account returns to the Free plan. Your creations stay.',
  },
  { q: 'Do I keep the rights to what I create?', a: 'Yes. The content you create is yours to use, subject to our Terms of Service.' },
];

export function PricingRoute() {
  return (
    <SitePage>
      <PageIntro
        eyebrow="Pricing"
        title="Simple plans for every creator"
        intro="Start free with our writing tools and upgrade when you need every tool in the studio. Try Premium free for 14 days, no credit card needed."
      />
      <div className="mt-10 sm:mt-12">
        <Plans headingLevel="h2" />
      </div>

      <section className={`${cardClass} mx-auto mt-10 max-w-4xl sm:p-8`} aria-labelledby="included-title">
        <h2 id="included-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck aria-hidden className="size-5 text-indigo-600" /> All Plans Include
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {INCLUDED.map((item) => (
            <li key={item} className="flex items-start gap-2 text-sm text-slate-700">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-500" />
              {item}
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto mt-10 max-w-4xl" aria-labelledby="pricing-faq-title">
        <h2 id="pricing-faq-title" className="mb-4 text-center text-2xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <Accordion items={PRICING_FAQ.map((f) => ({ title: f.q, content: <p>{f.a}</p> }))} />
      </section>
    </SitePage>
  );
}

export function DemoRoute() {
  const [selected, setSelected] = useState(DEMO_TOOLS[0]!.id);
  const [playing, setPlaying] = useState(false);
  const tool = DEMO_TOOLS.find((t) => t.id === selected) ?? DEMO_TOOLS[0]!;

  function select(id: typeof selected) {
    setSelected(id);
    setPlaying(false); // switching tools pauses the demo
  }

  return (
    <SitePage>
      <PageIntro eyebrow="Demo" title="See every tool in action" intro="Pick a tool to watch a short animated walkthrough of what it does." />
      <div className="mt-10 grid gap-6 sm:mt-12 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div role="tablist" aria-label="Tools" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 lg:flex-col lg:overflow-visible">
          {DEMO_TOOLS.map((t) => {
            const Icon = t.icon;
            const active = t.id === selected;
            return (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`demo-tab-${t.id}`}
                aria-selected={active}
                aria-controls="demo-panel"
                onClick={() => select(t.id)}
                className={`flex shrink-0 items-center gap-2.5 rounded-xl border px-3 py-2.5 text-left text-sm font-medium transition ${
                  active ? 'border-indigo-500 bg-indigo-50 text-indigo-700' : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300 hover:bg-slate-50'
                }`}
              >
                <Icon aria-hidden className="size-4 shrink-0" />
                {t.title}
              </button>
            );
          })}
        </div>
        <section id="demo-panel" role="tabpanel" aria-labelledby={`demo-tab-${tool.id}`} className={cardClass}>
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            <div>
              <div className="flex items-center gap-3">
                <h2 className="text-lg font-semibold text-slate-900">{tool.title}</h2>
                <PlayBadge playing={playing} />
              </div>
              <p className="mt-1 text-sm text-slate-600">{tool.description}</p>
            </div>
            <PlayToggle playing={playing} onToggle={() => setPlaying((p) => !p)} />
          </div>
          <DemoStage key={tool.id} Scene={tool.Scene} playing={playing} label={`Animated demo of ${tool.title}`} />
          <div className="mt-6 grid gap-6 sm:grid-cols-2">
            <div>
              <h3 className="text-sm font-semibold text-slate-900">How it works</h3>
              <ol className="mt-2 space-y-2">
                {tool.howItWorks.map((step, i) => (
                  <li key={step} className="flex items-start gap-2 text-sm text-slate-600">
                    <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">{i + 1}</span>
                    {step}
                  </li>
                ))}
              </ol>
            </div>
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Use cases</h3>
              <ul className="mt-2 space-y-2">
                {tool.useCases.map((u) => (
                  <li key={u} className="flex items-start gap-2 text-sm text-slate-600">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-500" />
                    {u}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <Link to={tool.path} className={`${primaryButtonClass} mt-6 w-full sm:w-auto`}>
            Try {tool.title} <ArrowRight aria-hidden className="size-4" />
          </Link>
        </section>
      </div>
    </SitePage>
  );
}
