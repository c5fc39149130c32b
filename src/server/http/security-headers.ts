import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * CSP: scripts only from our origin (the bootstrap data is a non-executed JSON block). Styles allow
 * inline because Mantine writes style attributes and its CSS variables at run time.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  /** framesBanks: the payment frame (ours) goes on to a bank's 3-D Secure page, on any https origin. */
  opts: { https: boolean; framesBanks?: boolean },
) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: opts.framesBanks ? ["'self'", 'https:'] : ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: opts.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  })
}
