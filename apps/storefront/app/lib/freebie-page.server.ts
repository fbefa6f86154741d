import type { FreebieService } from "@maidan/contracts/freebies";
import type { RouterContextProvider } from "react-router";
import { viewerContext } from "../context";
import { notFound } from "./service-errors.server";

const KEY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-z0-9][a-z0-9-]*)$/i;

/**
 * /freebies/{id}: the live campaign by slug or id, with the signed-in shopper's standing (spec
 * §7 sends the bearer token when there is one). Anything else is the shop's 404, before any query.
 */
export async function freebiePage(
  freebies: FreebieService,
  context: Readonly<RouterContextProvider>,
  id: string,
  request: Request,
) {
  if (id.length > 120 || !KEY.test(id)) throw notFound();
  const viewer = context.get(viewerContext);
  const freebie = await freebies.detail(id, viewer?.id ?? null);
  if (!freebie) throw notFound();
  const here = new URL(request.url).pathname.replace(/\.data$/, "");
  return {
    freebie,
    loginHref: `/account/login?${new URLSearchParams({ redirectTo: here })}`,
  };
}
