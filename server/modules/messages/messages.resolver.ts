import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { ContactInput, FeedbackInput } from './messages.types.js';
import type { MessageService } from './messages.service.js';

type MessagesContext = Context<{ messages: MessageService }>;

@Resolver()
export class MessagesResolver {
  @Mutation(() => Boolean)
  submitFeedback(@Arg('input', () => FeedbackInput) input: FeedbackInput, @Ctx() ctx: MessagesContext): Promise<boolean> {
    return ctx.app.messages.feedback(input, ctx.user?.id ?? null, ctx.ip);
  }

  @Mutation(() => Boolean)
  submitContact(@Arg('input', () => ContactInput) input: ContactInput, @Ctx() ctx: MessagesContext): Promise<boolean> {
    return ctx.app.messages.contact(input, ctx.ip);
  }

  @Mutation(() => Boolean)
  subscribeNewsletter(@Arg('email') email: string, @Ctx() ctx: MessagesContext): Promise<boolean> {
    return ctx.app.messages.subscribe(email, ctx.ip);
  }
}
