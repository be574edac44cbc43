// Each route's own document title (and, for public pages, its meta description), so tabs,
// history, bookmarks and search results tell pages apart.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { TOOLS } from '../tools/catalogue';

const SITE = 'Atelier';
const DEFAULT_DESCRIPTION =
  'Atelier is an AI content studio: write articles and blog titles, generate images, remove backgrounds and objects, review resumes, and share in a live community gallery.';

interface PageMeta {
  title: string;
  description?: string;
}

const PAGES: Record<string, PageMeta> = {
  '/': { title: `${SITE} — AI content studio`, description: DEFAULT_DESCRIPTION },
  '/sign-in': { title: 'Sign in', description: 'Sign in to Atelier to use its AI tools.' },
  '/signup': { title: 'Create your account', description: 'Create a free Atelier account: AI writing and image tools, with a 14-day Premium trial and no credit card needed.' },
  '/forgot-password': { title: 'Forgot your password?', description: 'Get a link to choose a new password for your Atelier account.' },
  '/reset-password': { title: 'Choose a new password' },
  '/verify-email': { title: 'Verify your e-mail address' },
  '/confirm-email': { title: 'Confirm your new e-mail address' },
  '/about': { title: 'About', description: 'Who makes Atelier, the AI content studio, and why.' },
  '/contact': { title: 'Contact us', description: 'Write to the Atelier team: support, sales and partnerships.' },
  '/feedback': { title: 'Feedback', description: 'Tell the Atelier team what works and what does not.' },
  '/legal/privacy': { title: 'Privacy policy', description: 'What Atelier collects, why, and how long it keeps it.' },
  '/legal/security': { title: 'Security', description: 'How Atelier protects your account, your files and your creations.' },
  '/legal/terms': { title: 'Terms of service', description: 'The terms for using Atelier.' },
  '/product/feature': { title: 'Features', description: 'Every Atelier tool: articles, blog titles, images, background and object removal, upscaling and resume review.' },
  '/product/pricing': { title: 'Pricing', description: 'Free and Premium plans: a 14-day free trial with no credit card needed, prorated plan changes, cancel anytime.' },
  '/product/demo': { title: 'Product demo', description: 'See Atelier’s AI tools at work.' },
  '/resources/api': { title: 'API', description: 'Atelier’s GraphQL and REST API: endpoints, authentication and examples.' },
  '/resources/documentation': { title: 'Documentation', description: 'How to use each Atelier tool, step by step.' },
  '/ai': { title: 'Dashboard' },
  '/ai/batches': { title: 'Batches' },
  '/ai/community': { title: 'Community' },
  '/ai/account': { title: 'Account' },
  '/admin': { title: 'Admin' },
  ...Object.fromEntries(TOOLS.map((t) => [t.path, { title: t.nav.label }])),
};

/** The title and description of a path; unknown paths are "Page not found". */
export function pageMetaOf(pathname: string): { title: string; description: string } {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PAGES[path];
  if (!page) return { title: `Page not found · ${SITE}`, description: DEFAULT_DESCRIPTION };
  return { title: path === '/' ? page.title : `${page.title} · ${SITE}`, description: page.description ?? DEFAULT_DESCRIPTION };
}

/** Keeps document.title and the meta description in step with the route. */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const { title, description } = pageMetaOf(pathname);
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [pathname]);
}
