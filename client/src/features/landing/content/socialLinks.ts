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

/** Each address is the deployment's own (siteLinks: PROJECT_REPOSITORY_URL, INSTAGRAM_URL…), filled in by useSocialLinks. */
const SOCIAL_LINKS: Omit<SocialLink, 'url'>[] = [
  {
    id: 'github',
    name: 'GitHub',
    title: 'Star the project',
    description: 'Follow development, report issues and see what ships next.',
    instruction: 'Star and watch the repository',
    color: '#334155',
  },
  {
    id: 'instagram',
    name: 'Instagram',
    title: 'Daily inspiration',
    description: 'Images made with Atelier, prompts that worked and behind-the-scenes.',
    instruction: 'Follow us on Instagram',
    color: '#db2777',
  },
  {
    id: 'youtube',
    name: 'YouTube',
    title: 'Watch the tutorials',
    description: 'Short walkthroughs of every tool, from first prompt to final download.',
    instruction: 'Subscribe on YouTube',
    color: '#dc2626',
  },
  {
    id: 'linkedin',
    name: 'LinkedIn',
    title: 'Join the network',
    description: 'Product news, case studies and AI tips for teams.',
    instruction: 'Connect on LinkedIn',
    color: '#0369a1',
  },
];

/**
 * The social links to show: only the accounts the deployment names, never a bare github.com or
 * instagram.com (they opened the networks' home pages). None named: none shown.
 */
export function useSocialLinks(): SocialLink[] {
  const { repositoryUrl, instagramUrl, youtubeUrl, linkedinUrl } = useSiteLinks();
  return useMemo(() => {
    const urls: Record<SocialLink['id'], string | null> = { github: repositoryUrl, instagram: instagramUrl, youtube: youtubeUrl, linkedin: linkedinUrl };
    return SOCIAL_LINKS.flatMap((link) => {
      const url = urls[link.id];
      return url ? [{ ...link, url }] : [];
    });
  }, [repositoryUrl, instagramUrl, youtubeUrl, linkedinUrl]);
}
