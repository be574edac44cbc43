import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';
import { useAfterHydration } from './prerendered';

export const SiteLinksQuery = graphql(`
  query SiteLinks {
    siteLinks {
      repositoryUrl
      blogUrl
      instagramUrl
      youtubeUrl
      linkedinUrl
    }
  }
`);

export interface SiteLinks {
  /** "Star us" and the GitHub links (PROJECT_REPOSITORY_URL); null: not shown. */
  repositoryUrl: string | null;
  /** The Blog link (BLOG_URL); null: not shown. */
  blogUrl: string | null;
  /** The deployment's social accounts (INSTAGRAM_URL, YOUTUBE_URL, LINKEDIN_URL); null: not shown. */
  instagramUrl: string | null;
  youtubeUrl: string | null;
  linkedinUrl: string | null;
}

/** The deployment's outside links; each is null (and its link hidden) until the server names it. */
export function useSiteLinks(): SiteLinks {
  const { data } = useQuery(SiteLinksQuery, { skip: !useAfterHydration() });
  const links = data?.siteLinks;
  return {
    repositoryUrl: links?.repositoryUrl ?? null,
    blogUrl: links?.blogUrl ?? null,
    instagramUrl: links?.instagramUrl ?? null,
    youtubeUrl: links?.youtubeUrl ?? null,
    linkedinUrl: links?.linkedinUrl ?? null,
  };
}
