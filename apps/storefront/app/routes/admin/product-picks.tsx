import { requireStaff } from "../../lib/admin.server";
import { failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/product-picks";

/**
 * /admin/product-picks?q= (decision 064): what the voucher and promotion forms' product picker
 * loads as the staff member types (managers and admins; the service checks the role).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const url = new URL(request.url);
  try {
    return await services(context).adminProducts.picks(staff, {
      q: url.searchParams.get("q") ?? undefined,
    });
  } catch (e) {
    return failure(e);
  }
}
