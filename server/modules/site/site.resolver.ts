// The public site's outside links this deployment sets, public like authConfig: a link whose
// address is unset is not shown at all (never a placeholder to a bare github.com or instagram.com).
import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context, Services } from '../../context.js';

@ObjectType({ description: 'Outside links of the public site; null ones are hidden' })
export class SiteLinks {
  @Field(() => String, { nullable: true, description: '"Star us" and the GitHub links: the source repository (PROJECT_REPOSITORY_URL, else package.json "repository")' })
  repositoryUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'The Blog link (BLOG_URL)' })
  blogUrl!: string | null;

  @Field(() => String, { nullable: true, description: "The deployment's Instagram account (INSTAGRAM_URL)" })
  instagramUrl!: string | null;

  @Field(() => String, { nullable: true, description: "The deployment's YouTube channel (YOUTUBE_URL)" })
  youtubeUrl!: string | null;

  @Field(() => String, { nullable: true, description: "The deployment's LinkedIn page (LINKEDIN_URL)" })
  linkedinUrl!: string | null;
}

@Resolver()
export class SiteLinksResolver {
  @Query(() => SiteLinks, { description: 'Outside links of the public site (repository, blog, social accounts)' })
  siteLinks(@Ctx() ctx: Context<{ services: Pick<Services, 'config'> }>): SiteLinks {
    const { config } = ctx.app.services;
    return {
      repositoryUrl: config.PROJECT_REPOSITORY_URL ?? null,
      blogUrl: config.BLOG_URL ?? null,
      instagramUrl: config.INSTAGRAM_URL ?? null,
      youtubeUrl: config.YOUTUBE_URL ?? null,
      linkedinUrl: config.LINKEDIN_URL ?? null,
    };
  }
}
