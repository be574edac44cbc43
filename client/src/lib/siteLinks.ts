import { useQuery } from '@apollo/client/react';
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { graphql } from '../gql';
import type { SiteLinksQuery as SiteLinksData } from '../gql/graphql';
import { useAfterHydration } from './prerendered';

export const SiteLinksQuery = graphql(`
  query SiteLinks {
    siteLinks {
      repositoryUrl
      blogUrl
    }
  }
`);

export interface SiteLinks {
  /** "Star us" and the GitHub links (PROJECT_REPOSITORY_URL); null: not shown. */
  repositoryUrl: string | null;
  /** The Blog link (BLOG_URL); null: not shown. */
  blogUrl: string | null;
}

const linksOf = (data: SiteLinksData | undefined): SiteLinks => ({
  repositoryUrl: data?.siteLinks.repositoryUrl ?? null,
  blogUrl: data?.siteLinks.blogUrl ?? null,
});

const SiteLinksContext = createContext<SiteLinks | null>(null);

/**
 * Asks for the links once for the whole app (the navigation, the footer and the landing's
 * social sections all show them). On a prerendered page it asks once hydration is done: the
 * prerendered HTML has none, so hydration must not have them either.
 */
export function SiteLinksProvider({ children }: { children: ReactNode }) {
  const after = useAfterHydration();
  const { data } = useQuery(SiteLinksQuery, { skip: !after });
  const { repositoryUrl, blogUrl } = linksOf(data);
  // A new value only when a link changes: every footer and banner on the page reads it.
  const links = useMemo(() => ({ repositoryUrl, blogUrl }), [repositoryUrl, blogUrl]);
  return createElement(SiteLinksContext.Provider, { value: links }, children);
}

/** The deployment's outside links; each is null (and its link hidden) until the server names it. */
export function useSiteLinks(): SiteLinks {
  const shared = useContext(SiteLinksContext);
  // Without the provider (a component rendered on its own), the component asks itself.
  const { data } = useQuery(SiteLinksQuery, { skip: shared !== null });
  return shared ?? linksOf(data);
}
