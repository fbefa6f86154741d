import { createContext } from "react-router";
import type { AppServices } from "./lib/api-types";

/** The API's in-process services; set once per request by `createLoadContext`. */
export const servicesContext = createContext<AppServices>();

/** The signed-in shopper. Sessions do not exist yet, so every visitor is anonymous (null). */
export type Viewer = { id: string; role: "user" | "vendor" | "manager" | "admin" };
export const viewerContext = createContext<Viewer | null>(null);

/** The `guest` cookie's id, read or minted by the root middleware. */
export const guestIdContext = createContext<string | null>(null);
