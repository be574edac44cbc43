// The API page's samples, for every endpoint the OpenAPI document lists: each language has one,
// with the job's id and the key from the environment, and a tool's starts its job with an
// Idempotency-Key and follows its events. (tests/browser/api-page.test.ts runs them.)
import { describe, expect, it } from 'vitest';
import { endpointsOf } from './apiReference';
import { LANGS, sampleFor } from './apiSamples';

const endpoints = endpointsOf().filter((e) => e.tag !== 'Meta');

describe('API page samples', () => {
  it('cover every endpoint of the document in JavaScript, Python and curl', () => {
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(expect.arrayContaining(['POST /api/v1/articles', 'GET /api/v1/jobs/{id}/events', 'GET /api/v1/usage']));
    for (const e of endpoints) {
      for (const { id } of LANGS) {
        const code = sampleFor(e, id);
        expect(code, `${e.id} ${id}`).toMatch(/ATELIER_API_KEY/);
        expect(code, `${e.id} ${id}`).not.toMatch(/\{id\}/);
        if (e.tag === 'Tools') expect(code, `${e.id} ${id}`).toMatch(/Idempotency-Key[\s\S]*events/);
      }
    }
  });

  it('send each tool its documented example, as JSON or as multipart fields beside the files', () => {
    const article = endpoints.find((e) => e.id === 'generateArticle')!;
    expect(article.example).toEqual({ topic: 'remote work', length: 'SHORT' });
    expect(sampleFor(article, 'javascript')).toContain("JSON.stringify({ topic: 'remote work', length: 'SHORT' })");
    expect(sampleFor(article, 'python')).toContain('json={"topic": "remote work", "length": "SHORT"}');
    expect(sampleFor(article, 'curl')).toContain(`-d '{"topic":"remote work","length":"SHORT"}'`);
    const image = endpoints.find((e) => e.id === 'generateImage')!;
    expect(image.fields.find((f) => f.name === 'publish')).toMatchObject({ type: 'boolean', required: false, defaultValue: 'false' });
    const objects = endpoints.find((e) => e.id === 'removeObject')!;
    expect(objects.multipart).toBe(true);
    expect(objects.fields.map((f) => `${f.name}${f.required ? '!' : ''}${f.file ? ':file' : ''}`)).toEqual(['object', 'format', 'quality', 'image!:file', 'mask:file']);
    expect(sampleFor(objects, 'curl')).toContain('-F "image=@photo.png" \\\n  -F "object=car"');
    expect(sampleFor(objects, 'python')).toContain('data={"object": "car"}');
  });
});
