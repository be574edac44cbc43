// What the file tools accept, public like authConfig: the browser checks a picked file
// against it before sending anything, and its pickers show it in advance.
import { Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context, Services } from '../../context.js';
import { IMAGE_UPLOAD_TYPES } from '../../uploads/check.js';

@ObjectType({ description: 'A file type a tool accepts' })
export class UploadFileType {
  @Field({ description: 'Its MIME type, e.g. image/png' })
  mime!: string;

  @Field({ description: 'Its name for people, e.g. PNG' })
  name!: string;

  @Field(() => [String], { description: 'File name endings, without the dot' })
  extensions!: string[];
}

@ObjectType({ description: "The server's limits on uploaded files, to check a file before sending it" })
export class UploadLimits {
  @Field(() => Int, { description: 'Largest file a tool accepts, in bytes (UPLOAD_MAX_BYTES)' })
  maxBytes!: number;

  @Field(() => [UploadFileType], { description: 'Image types the image tools read (the resume review reads PDF only)' })
  imageTypes!: UploadFileType[];
}

@Resolver()
export class UploadLimitsResolver {
  @Query(() => UploadLimits, { description: 'What the file tools accept: size limit and image types' })
  uploadLimits(@Ctx() ctx: Context<{ services: Pick<Services, 'config'> }>): UploadLimits {
    return {
      maxBytes: ctx.app.services.config.UPLOAD_MAX_BYTES,
      imageTypes: IMAGE_UPLOAD_TYPES.map((t) => ({ ...t, extensions: [...t.extensions] })),
    };
  }
}
