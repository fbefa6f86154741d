import type { AppServices } from "@maidan/contracts/services";
import type { ServerBuild } from "react-router";

/**
 * A stand-in storefront build for tests of cached pages: `/{slug}` shows the catalogue's stock
 * of that product (`stock N`), and `rendered()` is called for each render, so a test sees when
 * the page cache renders again.
 */
export function stockPageBuild(rendered: () => void = () => {}): ServerBuild {
  const module = {
    connectLog: () => {},
    createLoadContext: (services: AppServices) => services,
    createRequestHandler: () => async (request: Request, services: AppServices) => {
      rendered();
      const slug = new URL(request.url).pathname.slice(1);
      const product = await services.catalog.detail(slug);
      if (!product) return new Response("not found", { status: 404 });
      return new Response(`<html><body>stock ${product.stock}</body></html>`, {
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    },
    firstVisit: {
      cookies: () => [],
      onlyGuestCookie: (cookies: string[]) => cookies.length === 0,
      variant: () => "all",
    },
  };
  return { entry: { module } } as unknown as ServerBuild;
}
