// OpenAI's moderation endpoint (docs/screening.md, "OpenAI"): one request with the prompt and the
// picture (omni-moderation takes both), through the official SDK.
import OpenAI from 'openai';
import sharp from 'sharp';

export interface ModerationAnswer {
  model: string;
  /** Every category's score (0–1), as OpenAI names them ("sexual", "violence/graphic"…). */
  scores: Record<string, number>;
  /** Which inputs each category was judged on ("text", "image"). */
  inputs: Record<string, string[]>;
}

/** The longest side of the picture sent: enough for the classifier, a small request. */
const SEND_SIDE = 1024;

export class OpenAIModeration {
  private readonly client: OpenAI;
  constructor(
    apiKey: string,
    baseURL: string,
    readonly model: string,
    timeoutMs: number,
  ) {
    this.client = new OpenAI({ apiKey, baseURL, maxRetries: 2, timeout: timeoutMs });
  }

  async moderate(prompt: string, picture: Buffer | null, maxPixels: number): Promise<ModerationAnswer> {
    const input: OpenAI.ModerationMultiModalInput[] = [];
    if (prompt.trim()) input.push({ type: 'text', text: prompt });
    if (picture) {
      const jpeg = await sharp(picture, { limitInputPixels: maxPixels })
        .flatten({ background: '#ffffff' })
        .resize(SEND_SIDE, SEND_SIDE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
      input.push({ type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } });
    }
    if (!input.length) return { model: this.model, scores: {}, inputs: {} };
    const answer = await this.client.moderations.create({ model: this.model, input });
    const result = answer.results[0];
    if (!result) throw new Error('the moderation endpoint answered with no result');
    const scores: Record<string, number> = {};
    for (const [k, v] of Object.entries(result.category_scores ?? {})) if (typeof v === 'number') scores[k] = Math.round(v * 10_000) / 10_000;
    const inputs: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(result.category_applied_input_types ?? {})) if (Array.isArray(v)) inputs[k] = v.map(String);
    return { model: answer.model ?? this.model, scores, inputs };
  }
}
