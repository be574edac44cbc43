// The Content-Security-Policy lets the app show and download (fetch) images from the file
// store's own origin: without it, Download fails for every image not on our origin.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.js';
import { fileOrigins } from '../server/providers/storage/index.js';

describe('file store origins for the CSP', () => {
  it('names Cloudinary’s delivery host, or the account’s own distribution', () => {
    expect(fileOrigins(loadConfig({ CLOUDINARY_URL: 'cloudinary://k:s@demo' }))).toEqual(['https://res.cloudinary.com']);
    expect(fileOrigins(loadConfig({ CLOUDINARY_URL: 'cloudinary://k:s@demo?secure_distribution=img.example.com' }))).toEqual(['https://img.example.com']);
  });

  it('names nothing for local disk (same origin)', () => {
    expect(fileOrigins(loadConfig({}))).toEqual([]);
  });
});
