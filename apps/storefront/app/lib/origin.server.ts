/** The site's origin as the shopper reached it (the canonical host when configured). */
export function originOf(request: Request): string {
  const configured = process.env.PUBLIC_URL?.replace(/\/$/, "");
  return configured || new URL(request.url).origin;
}
