// Which engines make images and text in this deployment (docs/engines.md): public, so the tool
// pages and the gallery can say when a result is a placeholder and which options apply.
import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context, Services } from '../../context.js';
import { readEngines, type EngineInfo } from '../../shared/platform/engines.js';

@ObjectType('Engine', { description: 'An engine that makes images or text, as the workers found it at start-up' })
export class EngineObject implements Omit<EngineInfo, 'options'> {
  @Field({ description: "Its id in creations' metadata: comfyui, sd-webui, openai, clipdrop, ollama, local…" })
  name!: string;

  @Field({ description: 'What the page shows, e.g. "ComfyUI · sd_xl_base_1.0"' })
  label!: string;

  @Field(() => String, { nullable: true, description: 'The model doing the work, when the engine names one' })
  model!: string | null;

  @Field({ description: 'True for the embedded stand-ins: template text, drawn pictures' })
  placeholder!: boolean;

  @Field(() => [String], { description: 'The advanced options it honours: ASPECT_RATIO, SEED, NEGATIVE_PROMPT, COUNT (images); TONE, LANGUAGE (text)' })
  options!: string[];
}

@ObjectType('Engines')
export class EnginesObject {
  @Field(() => EngineObject)
  image!: EngineObject;

  @Field(() => EngineObject)
  text!: EngineObject;
}

@Resolver()
export class EnginesResolver {
  @Query(() => EnginesObject, { description: 'The engines that make images and text here, and what they honour' })
  async engines(@Ctx() ctx: Context<{ services: Pick<Services, 'config' | 'redis'> }>): Promise<EnginesObject> {
    const { redis, config } = ctx.app.services;
    const { image, text } = await readEngines(redis, config.REDIS_PREFIX);
    return { image, text };
  }
}
