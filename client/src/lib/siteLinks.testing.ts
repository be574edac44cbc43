import type { MockedResponse } from '@apollo/client/testing';
import { SiteLinksQuery, type SiteLinks } from './siteLinks';

/** The siteLinks answer for a MockedProvider: what a deployment with these variables would send. */
export function siteLinksMock(links: Partial<SiteLinks> = {}): MockedResponse {
  const siteLinks = { __typename: 'SiteLinks' as const, repositoryUrl: null, blogUrl: null, instagramUrl: null, youtubeUrl: null, linkedinUrl: null, ...links };
  return { request: { query: SiteLinksQuery }, result: { data: { siteLinks } }, delay: 0, maxUsageCount: Number.POSITIVE_INFINITY };
}
