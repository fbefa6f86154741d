/** Product lists with filters a shopper combines: the catalogue and compare runs rotate through them. */
export const LISTS = [
  "/api/products?category=men&sort=price-asc",
  "/api/products?category=women&size=M&inStock=true",
  "/api/products?category=men-shoes&sort=newest",
  "/api/products?subcategory=men-clothing,women-clothing,kids-clothing",
  "/api/products?onSale=true&sort=best-selling",
  "/api/products?category=accessories-equipment&minPrice=1000&maxPrice=5000",
  "/api/products?category=women-eastern-wear&color=Maroon",
  "/api/products?sort=rating&page=3",
];

/** Searches as shoppers type them, misspellings and Roman Urdu among them. */
export const SEARCHES = [
  "joggers",
  "jogers",
  "jutay",
  "qameez",
  "running shoes",
  "cricket bat",
  "polo",
  "sneakers",
  "trackuit",
  "kurta",
  "yoga mat",
  "kids",
].map((q) => `/api/search?q=${encodeURIComponent(q)}`);
