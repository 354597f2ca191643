/**
 * The security headers of every HTML page (the player's page, the console, the outbound mail sink): a strict
 * Content-Security-Policy (own scripts, styles and forms only; no framing), nosniff, no referrer, HSTS over HTTPS.
 * Registered inside each page plugin, so that they apply to its routes and leave the JSON API as it is.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Registers helmet with the pages' policy on `app` (an encapsulated plugin's instance). */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: https,
  });
}
