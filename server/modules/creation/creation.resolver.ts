import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireActive, requireUser, type Context } from '../../context.js';
import { Topic, type CreationPublishedEvent } from '../../shared/platform/pubsub.js';
import { CreationAuthor, CreationConnection, CreationObject, PageArgs } from './creation.types.js';
import { metadataOf, preloadedOf, providerOf, type Creation, type CreationService, type LikedByMeSite, type Page } from './creation.service.js';

type CreationContext = Context<{ creations: CreationService }> & { likedByMeSites?: LikedByMeSite[] };

const toConnection = (page: Page<Creation>): CreationConnection => ({
  edges: page.items.map((node, i) => ({ node, cursor: page.cursors[i]! })),
  pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.cursors.at(-1) ?? null },
});

@Resolver(() => CreationObject)
export class CreationResolver {
  @Query(() => CreationConnection, { description: "The signed-in user's creations, newest first" })
  async myCreations(@Args(() => PageArgs) { first, after }: PageArgs, @Ctx() ctx: CreationContext): Promise<CreationConnection> {
    return toConnection(await ctx.app.creations.history(requireUser(ctx).id, first, after));
  }

  @Query(() => CreationConnection, { description: 'Published creations, newest first' })
  async communityFeed(@Args(() => PageArgs) { first, after }: PageArgs, @Ctx() ctx: CreationContext): Promise<CreationConnection> {
    return toConnection(await ctx.app.creations.feed(first, after, ctx.user?.id ?? null));
  }

  @Query(() => CreationObject, { nullable: true, description: 'A published creation, or one of your own' })
  creation(@Arg('id', () => ID) id: string, @Ctx() ctx: CreationContext): Promise<Creation | null> {
    return ctx.app.creations.visible(id, ctx.user?.id ?? null);
  }

  @Mutation(() => CreationObject)
  setCreationPublished(@Arg('id', () => ID) id: string, @Arg('publish') publish: boolean, @Ctx() ctx: CreationContext): Promise<Creation> {
    const user = requireUser(ctx);
    // A suspended account may take a creation back, not share one (docs/moderation.md, "Suspension").
    if (publish) requireActive(user);
    return ctx.app.creations.setPublished(id, user.id, publish);
  }

  @Mutation(() => Boolean)
  deleteCreation(@Arg('id', () => ID) id: string, @Ctx() ctx: CreationContext): Promise<boolean> {
    return ctx.app.creations.remove(id, requireUser(ctx).id);
  }

  @Subscription(() => CreationObject, {
    nullable: true,
    topics: Topic.CREATION_PUBLISHED,
    description: 'Fires when a creation joins the community feed',
  })
  async creationPublished(@Root() event: CreationPublishedEvent, @Ctx() ctx: CreationContext): Promise<Creation | null> {
    return ctx.app.creations.visible(event.creationId, null);
  }

  @Subscription(() => ID, {
    topics: Topic.CREATION_REMOVED,
    description: 'Fires with the id of a creation that left the community feed: unpublished, deleted, or hidden by a moderator (docs/moderation.md)',
  })
  creationRemoved(@Root() event: CreationPublishedEvent): string {
    return event.creationId;
  }

  // A page's creations come with these preloaded by its one statement (answered
  // synchronously, no promise per field); any other creation goes through the loaders.
  @FieldResolver(() => Boolean)
  likedByMe(@Root() c: Creation, @Ctx() ctx: CreationContext, @Info() info: GraphQLResolveInfo): boolean | Promise<boolean> {
    const preloaded = preloadedOf(c);
    ctx.likedByMeSites?.push({ path: info.path, likes: preloaded?.likes });
    return preloaded?.likedByMe ?? ctx.loaders.likedByMe.load(c.id);
  }

  @FieldResolver(() => [ID], { description: 'Ids of the users who like it' })
  likes(@Root() c: Creation, @Ctx() ctx: CreationContext): string[] | Promise<string[]> {
    return preloadedOf(c)?.likes ?? ctx.loaders.likers.load(c.id);
  }

  // Per viewer, so the community feed's kept pages never ask for it (server/graphql/feed-pages/page-cache.ts):
  // the viewer asks it of one creation, to offer "Send to…" on its own (docs/adding-a-tool.md, "Sending a creation to a tool").
  @FieldResolver(() => Boolean, { description: "True when it is the signed-in user's own creation (which the image tools take as sourceCreationId)" })
  mine(@Root() c: Creation, @Ctx() ctx: CreationContext): boolean {
    return ctx.user !== null && c.userId === ctx.user.id;
  }

  @FieldResolver(() => CreationAuthor)
  user(@Root() c: Creation, @Ctx() ctx: CreationContext): CreationAuthor | Promise<CreationAuthor> {
    const preloaded = preloadedOf(c);
    if (preloaded) return { firstName: preloaded.firstName };
    return ctx.loaders.firstName.load(c.userId).then((firstName) => ({ firstName }));
  }

  // Only the owner ever sees an unpublished creation, so a signed URL reaches no one else.
  @FieldResolver(() => String, { description: 'Markdown for text kinds, an image URL for image kinds (signed for a while, until published)' })
  content(@Root() c: Creation, @Ctx() ctx: CreationContext): string | Promise<string> {
    return ctx.app.creations.contentOf(c);
  }

  @FieldResolver(() => String, { description: 'Which provider made it, e.g. "openai" or "local"' })
  provider(@Root() c: Creation): string {
    return providerOf(c.metadata);
  }

  @FieldResolver(() => Boolean, { description: 'True when an embedded stand-in made it (a drawn picture, template text), not a model: shown with a "Placeholder" badge' })
  placeholder(@Root() c: Creation): boolean {
    return metadataOf(c.metadata).placeholder === true;
  }

  @FieldResolver(() => [CreationObject], { description: 'The other pictures made by the same request' })
  batch(@Root() c: Creation, @Ctx() ctx: CreationContext): Promise<Creation[]> {
    return ctx.app.creations.batchOf(c, ctx.user?.id ?? null);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'What to look at closely in this result: it passed its checks but may not convince (a large fill, an edge between two objects); null for a plain success',
  })
  note(@Root() c: Creation): string | null {
    const { note } = metadataOf(c.metadata);
    return typeof note === 'string' ? note : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The engine and model that made it, e.g. "Ollama · llama3.2:3b"; null when not recorded' })
  madeBy(@Root() c: Creation): string | null {
    const { engine } = metadataOf(c.metadata);
    return typeof engine === 'string' ? engine : null;
  }
}
