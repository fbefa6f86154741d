/**
 * Search synonyms, kept as data: a shopper's word (English, Roman Urdu, common misspellings of
 * either) → the words our catalogue uses. Keys and values are lower-case single words; a query
 * word found here is searched as "itself OR any of its values". Edit freely: nothing else needs
 * to change, and the unit test checks the shape.
 */
export const SYNONYMS: Record<string, readonly string[]> = {
  // footwear
  joota: ["shoes", "sneakers", "trainers"],
  jota: ["shoes", "sneakers", "trainers"],
  jutay: ["shoes", "sneakers", "trainers"],
  jootay: ["shoes", "sneakers", "trainers"],
  jootey: ["shoes", "sneakers", "trainers"],
  joote: ["shoes", "sneakers", "trainers"],
  shoes: ["sneakers", "trainers"],
  sneakers: ["shoes", "trainers"],
  trainers: ["shoes", "sneakers"],
  kicks: ["shoes", "sneakers"],
  chappal: ["sandals", "slides", "slippers"],
  chappals: ["sandals", "slides", "slippers"],
  slippers: ["sandals", "slides"],
  khussa: ["sandals", "shoes"],
  // eastern wear
  qameez: ["kameez", "kurta", "shirt"],
  kameez: ["qameez", "kurta", "shirt"],
  kamiz: ["kameez", "kurta", "shirt"],
  kurta: ["kameez", "kurti"],
  kurti: ["kameez", "kurta"],
  shalwar: ["salwar", "trousers", "kameez"],
  salwar: ["shalwar", "trousers"],
  suit: ["kameez", "tracksuit"],
  dupata: ["dupatta", "shawl"],
  chunri: ["dupatta"],
  // clothing
  trouser: ["trousers", "pants", "joggers"],
  trousers: ["pants", "joggers"],
  pants: ["trousers", "joggers"],
  pajama: ["trousers", "joggers", "pants"],
  payjama: ["trousers", "joggers", "pants"],
  tracksuit: ["joggers", "jacket"],
  tshirt: ["t-shirt", "tee", "shirt"],
  tee: ["t-shirt", "shirt"],
  shirt: ["tee", "polo"],
  hoodie: ["sweatshirt", "jacket"],
  jersey: ["shirt", "kit"],
  topi: ["cap", "hat"],
  hat: ["cap"],
  // sports
  bat: ["cricket"],
  balla: ["bat", "cricket"],
  gaind: ["ball"],
  cricket: ["bat", "ball"],
  racquet: ["racket"],
  badminton: ["racket", "shuttlecock"],
  gym: ["fitness", "dumbbell", "mat"],
  weights: ["dumbbell", "dumbbells"],
  yoga: ["mat"],
  bottle: ["flask", "hydration"],
  bag: ["backpack", "duffel"],
  basta: ["bag", "backpack"],
};

/** Words too common to narrow a search. */
export const STOP_WORDS = new Set(["for", "the", "and", "with", "of", "a", "an", "in", "on"]);
