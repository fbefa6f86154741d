import { redirect } from "react-router";

/** /admin opens on the orders, the only screen of the first slice (decision 044). */
export const loader = () => redirect("/admin/orders");
