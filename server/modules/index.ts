// Every module's service, built once per process, and every resolver for the schema.
import type { Services } from '../context.js';
import { AuthResolver } from './auth/auth.resolver.js';
import { AuthService } from './auth/auth.service.js';
import { CreationResolver } from './creation/creation.resolver.js';
import { CreationService } from './creation/creation.service.js';
import { LikeResolver } from './like/like.resolver.js';
import { LikeService } from './like/like.service.js';
import { MessagesResolver } from './messages/messages.resolver.js';
import { MessageService } from './messages/messages.service.js';
import { JobProgressResolver, JobResolver } from './job/job.resolver.js';
import { JobService } from './job/job.service.js';
import { TextToolResolver } from './text/text.resolver.js';
import { ImageToolResolver } from './image/image.resolver.js';
import { ImageToolService } from './image/image.service.js';
import { TextToolService } from './text/text.service.js';
import { UserResolver } from './user/user.resolver.js';
import { UserService } from './user/user.service.js';

export interface App {
  services: Services;
  auth: AuthService;
  users: UserService;
  creations: CreationService;
  likes: LikeService;
  messages: MessageService;
  jobs: JobService;
  text: TextToolService;
  images: ImageToolService;
}

export function createModules(services: Services): App {
  const jobs = new JobService(services);
  return {
    services,
    jobs,
    text: new TextToolService(services, jobs),
    images: new ImageToolService(services, jobs),
    auth: new AuthService(services),
    users: new UserService(services),
    creations: new CreationService(services),
    likes: new LikeService(services),
    messages: new MessageService(services),
  };
}

export const resolvers = [
  AuthResolver,
  UserResolver,
  CreationResolver,
  LikeResolver,
  MessagesResolver,
  JobResolver,
  JobProgressResolver,
  TextToolResolver,
  ImageToolResolver,
] as const;
