// Security headers (helmet) with a Content-Security-Policy the built client satisfies:
// scripts only from our origin (no inline scripts), styles from our origin plus inline
// style attributes (React and the editor set them), images and fetches from our origin and
// the configured file store and identity provider only (result images are always copied into
// our store), live updates over our own WebSocket ('self' covers ws:/wss: to the same host).
// Any https: image host and any ws:/wss: host were allowed before (docs/security-testing.md,
// "Inline script injection into the app or GraphiQL; images or sockets from other hosts").
// Strict-Transport-Security goes only with answers sent over HTTPS.
import helmet from 'helmet';
import type { RequestHandler } from 'express';

/** Clerk's Frontend API host, encoded in its publishable key (pk_test_<base64("host$")>). */
export function clerkHost(publishableKey: string | undefined): string | null {
  const encoded = publishableKey?.split('_')[2];
  if (!encoded) return null;
  try {
    const host = Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '');
    return /^[a-z0-9.-]+$/i.test(host) ? host : null;
  } catch {
    return null;
  }
}

export const CLERK_IMAGE_ORIGIN = 'https://img.clerk.com';

export function securityHeaders(opts: { clerkPublishableKey?: string; fileOrigins?: string[] }): RequestHandler {
  const clerk = clerkHost(opts.clerkPublishableKey);
  const extra = clerk ? [`https://${clerk}`] : [];
  // Clerk serves users' avatars (their image_url) from its image host.
  const clerkImages = clerk ? [CLERK_IMAGE_ORIGIN] : [];
  // The file store's origins (S3): images are shown from it (over http too, e.g. MinIO) and downloaded by fetch.
  const files = opts.fileOrigins ?? [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...clerkImages, ...files],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra, ...files],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", ...extra],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Result images may be shown by other sites (e.g. shared links).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Only over HTTPS (below): a browser ignores it over plain HTTP, where it only says the
    // server does not know how it is reached.
    strictTransportSecurity: false,
  });
}

/**
 * Strict-Transport-Security on answers that went out over HTTPS: TLS here, or a proxy this
 * server trusts (TRUST_PROXY) saying so in X-Forwarded-Proto (Express's `req.secure`).
 */
export const strictTransportOverHttps: RequestHandler = (req, res, next) => {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
};
