import type { ViewerUser } from "@maidan/contracts/auth-service";
import type { AppServices } from "@maidan/contracts/services";
import { createContext } from "react-router";

/** The API's in-process services; set once per request by `createLoadContext`. */
export const servicesContext = createContext<AppServices>();

/** The signed-in shopper, or null; set by the root session middleware from the cookie. */
export type Viewer = ViewerUser;
export const viewerContext = createContext<Viewer | null>(null);

/** The `guest` cookie's id, read or minted by the root middleware. */
export const guestIdContext = createContext<string | null>(null);

/**
 * This render's content-security-policy nonce, set by `createLoadContext` (the API puts the
 * matching policy on the response). Undefined: the render has none, its inline scripts get no
 * nonce attribute.
 */
export const cspNonceContext = createContext<string | undefined>(undefined);
