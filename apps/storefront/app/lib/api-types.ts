/** The API's service types, for type positions only: no API code reaches the storefront. */
export type { AppServices, CategoryPage, ProductDetail } from "../../../api/src/services.ts";
