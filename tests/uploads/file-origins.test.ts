// The Content-Security-Policy lets the app show and download (fetch) images from the file
// store's own origin: without it, Download fails for every image not on our origin.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/shared/platform/config.js';
import { fileOrigins } from '../../server/shared/storage/index.js';
import { CLERK_IMAGE_ORIGIN, securityHeaders } from '../../server/http/security-headers.js';

describe('file store origins for the CSP', () => {
  it('names Cloudinary’s delivery host, or the account’s own distribution', () => {
    expect(fileOrigins(loadConfig({ CLOUDINARY_URL: 'cloudinary://k:s@demo' }))).toEqual(['https://res.cloudinary.com']);
    expect(fileOrigins(loadConfig({ CLOUDINARY_URL: 'cloudinary://k:s@demo?secure_distribution=img.example.com' }))).toEqual(['https://img.example.com']);
  });

  it('names nothing for local disk (same origin)', () => {
    expect(fileOrigins(loadConfig({}))).toEqual([]);
  });
});

describe('CSP with Clerk', () => {
  it("adds Clerk's Frontend API and its avatar host, and no wildcard", () => {
    const headers: Record<string, string> = {};
    const res = { setHeader: (k: string, v: string) => (headers[k.toLowerCase()] = v), removeHeader: () => undefined };
    // pk_test_<base64("clerk.example.com$")>
    const key = `pk_test_${Buffer.from('clerk.example.com$').toString('base64')}`;
    securityHeaders({ clerkPublishableKey: key })({} as never, res as never, () => undefined);
    const directive = (name: string) => headers['content-security-policy']!.split(';').find((d) => d.startsWith(`${name} `));
    expect(directive('img-src')).toBe(`img-src 'self' data: blob: ${CLERK_IMAGE_ORIGIN}`);
    expect(directive('connect-src')).toBe("connect-src 'self' https://clerk.example.com");
  });
});
