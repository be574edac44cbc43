import { Link } from 'react-router-dom';
import { Logo } from '../../../components/Logo';
import { Newsletter } from './Newsletter';
import { useSocialLinks } from '../content/socialLinks';
import { SOCIAL_ICONS } from './SocialIcons';

type FooterItem = { label: string; to?: string };

const COLUMNS: { title: string; items: FooterItem[] }[] = [
  {
    title: 'Product',
    items: [{ label: 'AI Tools' }, { label: 'Pricing', to: '/product/pricing' }, { label: 'Use Cases' }],
  },
  {
    title: 'Support',
    items: [
      { label: 'Documentation', to: '/resources/documentation' },
      { label: 'Help Center', to: '/help' },
      { label: 'Contact', to: '/contact' },
      { label: 'API', to: '/resources/api' },
      { label: 'Status' },
    ],
  },
  {
    title: 'Legal',
    items: [
      { label: 'Privacy Policy', to: '/legal/privacy' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Cookies', to: '/legal/terms' },
    ],
  },
];

export function Footer() {
  // The same links as the landing page's social cards (GitHub only when the repository is set).
  const socials = useSocialLinks().map((link) => ({ label: link.name, href: link.url, icon: SOCIAL_ICONS[link.id] }));
  return (
    <footer className="bg-slate-950 px-4 pt-16 pb-10 text-slate-400 sm:px-6">
      <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[1.4fr_2fr]">
        <div>
          <div className="[&_a]:text-white">
            <Logo />
          </div>
          <p className="mt-4 max-w-sm text-sm leading-6">The AI content studio for writers, marketers and creators: write, design and polish in one place.</p>
          {socials.length > 0 && (
            <ul className="mt-6 flex gap-2">
              {socials.map(({ label, href, icon: Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="flex size-10 items-center justify-center rounded-full bg-white/5 text-slate-300 ring-1 ring-white/10 transition-colors hover:bg-indigo-500 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400"
                  >
                    <Icon className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="grid gap-10 sm:grid-cols-3">
          {COLUMNS.map((col) => (
            <div key={col.title}>
              <h2 className="text-sm font-semibold tracking-wide text-white">{col.title}</h2>
              <ul className="mt-4 space-y-2.5 text-sm">
                {col.items.map((item) => (
                  <li key={item.label}>
                    {item.to ? (
                      <Link
                        to={item.to}
                        className="rounded transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400"
                      >
                        {item.label}
                      </Link>
                    ) : (
                      <span>{item.label}</span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
      <div className="mx-auto mt-12 grid max-w-6xl gap-4 rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 md:grid-cols-2 md:items-center">
        <div>
          <h2 className="font-semibold text-white">Stay in the loop</h2>
          <p className="mt-1 text-sm">New tools, tips and product news — no more than once a month.</p>
        </div>
        <Newsletter />
      </div>
      {/* The year is the build's in prerendered pages: a build from last year must not fail hydration. */}
      <p suppressHydrationWarning className="mx-auto mt-10 max-w-6xl border-t border-white/10 pt-6 text-center text-xs">
        © {new Date().getFullYear()} Atelier. All rights reserved.
      </p>
    </footer>
  );
}
