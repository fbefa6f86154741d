/**
 * The shop's public origin, for absolute URLs (canonical links, Open Graph, JSON-LD, gateway
 * return addresses). The API builds every request it hands the storefront on the configured
 * origin (apps/server/src/storefront/mount.ts), never on the client's Host or X-Forwarded-* headers, so
 * the request's own origin is that configuration (decision 025).
 */
export function originOf(request: Request): string {
  return new URL(request.url).origin;
}
