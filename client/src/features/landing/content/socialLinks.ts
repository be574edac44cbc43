import { useMemo } from 'react';
import { useSiteLinks } from '../../../lib/siteLinks';

/** Spec §3 Social link. `color` tints the card; `id` names its drawn illustration in client/public/media/social. */
export interface SocialLink {
  id: 'github' | 'instagram' | 'youtube' | 'linkedin';
  name: string;
  title: string;
  description: string;
  instruction: string;
  url: string;
  color: string;
}

/** GitHub's address is the deployment's repository (PROJECT_REPOSITORY_URL): null here, filled in by useSocialLinks. */
const SOCIAL_LINKS: (Omit<SocialLink, 'url'> & { url: string | null })[] = [
  {
    id: 'github',
    name: 'GitHub',
    title: 'Star the project',
    description: 'Follow development, report issues and see what ships next.',
    instruction: 'Star and watch the repository',
    url: null,
    color: '#334155',
  },
  {
    id: 'instagram',
    name: 'Instagram',
    title: 'Daily inspiration',
    description: 'Images made with Atelier, prompts that worked and behind-the-scenes.',
    instruction: 'Follow us on Instagram',
    url: 'https://www.instagram.com/',
    color: '#db2777',
  },
  {
    id: 'youtube',
    name: 'YouTube',
    title: 'Watch the tutorials',
    description: 'Short walkthroughs of every tool, from first prompt to final download.',
    instruction: 'Subscribe on YouTube',
    url: 'https://www.youtube.com/',
    color: '#dc2626',
  },
  {
    id: 'linkedin',
    name: 'LinkedIn',
    title: 'Join the network',
    description: 'Product news, case studies and AI tips for teams.',
    instruction: 'Connect on LinkedIn',
    url: 'https://www.linkedin.com/',
    color: '#0369a1',
  },
];

/** The social links to show: GitHub only when the deployment names its repository, never a bare github.com. */
export function useSocialLinks(): SocialLink[] {
  const { repositoryUrl } = useSiteLinks();
  return useMemo(
    () => SOCIAL_LINKS.flatMap((link) => {
      const url = link.id === 'github' ? repositoryUrl : link.url;
      return url ? [{ ...link, url }] : [];
    }),
    [repositoryUrl],
  );
}
