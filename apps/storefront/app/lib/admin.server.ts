import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import { data, type RouterContextProvider } from "react-router";
import { viewerContext } from "../context";
import { loginRedirect } from "./service-errors.server";

type Context = Readonly<RouterContextProvider>;

export const FORBIDDEN_MESSAGE =
  "This page is for the shop's staff. You are signed in as a shopper.";

/**
 * The back-office guard (spec §2 route rule 2, decision 044): a visitor goes to the login page
 * and comes back; a shopper gets 403; vendors, managers and admins go on, as who they are.
 */
export function requireStaff(context: Context, request: Request): Staff {
  const viewer = context.get(viewerContext);
  if (!viewer) throw loginRedirect(request);
  if (!hasRole(viewer.role, "vendor"))
    throw data({ message: FORBIDDEN_MESSAGE, status: 403 }, { status: 403 });
  return { id: viewer.id, role: viewer.role };
}

/** Whether the staff member may move orders on (vendors read only, decision 044). */
export const canChangeOrders = (staff: Staff) => hasRole(staff.role, "manager");
