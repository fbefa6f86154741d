import type { ProductStatus } from "@maidan/contracts/admin-products";

/** A product's status as the back-office names it (decision 060). */
export const STATUS_LABEL: Record<ProductStatus, string> = {
  draft: "Draft",
  active: "On sale",
  archived: "Archived",
};
