/** Fixed catalogue skeleton: colours, categories, brands and vendors of the demo shop. */

export const SHAPES = [
  "shirt",
  "pants",
  "jacket",
  "shoe",
  "sandal",
  "kameez",
  "dupatta",
  "bat",
  "ball",
  "racket",
  "dumbbell",
  "mat",
  "bag",
  "bottle",
  "cap",
] as const;
export type Shape = (typeof SHAPES)[number];

export const COLORS = {
  Black: "#222222",
  White: "#f4f4f2",
  Navy: "#1f2f5c",
  Grey: "#8a8f98",
  Red: "#c62828",
  Olive: "#5b6b2f",
  Maroon: "#7b1f35",
  Mint: "#9fd8c4",
  Peach: "#f6b99b",
  Mustard: "#d9a421",
  "Sky Blue": "#7fb8e6",
  Purple: "#6a3fa0",
  Teal: "#1f8a8a",
  Orange: "#f46b22",
  Pink: "#e88aa6",
  Brown: "#6d4c2f",
  Tan: "#c19a6b",
  Natural: "#e0c48f",
  Yellow: "#f2d23c",
} as const;
export type ColorName = keyof typeof COLORS;

/** Colours each silhouette is drawn in; a product's colours come from its shape's list. */
export const SHAPE_COLORS: Record<Shape, readonly ColorName[]> = {
  shirt: ["Black", "White", "Navy", "Grey", "Red", "Teal"],
  pants: ["Black", "Navy", "Grey", "Olive"],
  jacket: ["Black", "Navy", "Red", "Grey"],
  shoe: ["Black", "White", "Grey", "Navy", "Orange"],
  sandal: ["Brown", "Black", "Tan"],
  kameez: ["Maroon", "Mint", "Peach", "Mustard", "Sky Blue", "White", "Pink"],
  dupatta: ["Maroon", "Mint", "Peach", "Mustard", "Pink"],
  bat: ["Natural"],
  ball: ["Red", "White", "Yellow", "Orange"],
  racket: ["Black", "Red", "Navy", "Teal"],
  dumbbell: ["Black", "Red", "Grey"],
  mat: ["Purple", "Teal", "Pink", "Grey", "Black"],
  bag: ["Black", "Navy", "Grey", "Olive", "Red"],
  bottle: ["Black", "Teal", "Red", "Sky Blue", "White"],
  cap: ["Black", "Navy", "White", "Red", "Olive"],
};

export const SHAPE_LABELS: Record<Shape, string> = {
  shirt: "Tops",
  pants: "Bottoms",
  jacket: "Outerwear",
  shoe: "Footwear",
  sandal: "Sandals",
  kameez: "Eastern Wear",
  dupatta: "Dupatta",
  bat: "Cricket",
  ball: "Sports Ball",
  racket: "Racket",
  dumbbell: "Strength",
  mat: "Yoga & Mats",
  bag: "Bags",
  bottle: "Hydration",
  cap: "Headwear",
};

export type CategoryDef = {
  slug: string;
  name: string;
  shape: Shape;
  color: ColorName;
  description: string;
  children: CategoryDef[];
};

// Indentation gives the nesting. slug | name | shape | colour | description
const CATEGORY_TABLE = `
men | Men | shirt | Navy | Sportswear, shoes and eastern wear for men.
  men-clothing | Men's Clothing | shirt | Navy | Polo shirts, T-shirts, joggers and tracksuits.
    men-clothing-t-shirts | T-Shirts & Polos | shirt | Teal | Training shirts, graphic tees and polo shirts.
    men-clothing-joggers | Joggers & Trousers | pants | Grey | Joggers, track pants, chinos and shorts.
    men-clothing-tracksuits | Tracksuits & Jackets | jacket | Red | Tracksuits, hoodies and warm-up jackets.
  men-shoes | Men's Shoes | shoe | Black | Running shoes, sneakers and sandals.
    men-shoes-running | Running Shoes | shoe | Orange | Cushioned shoes for roads, tracks and the gym.
    men-shoes-sneakers | Sneakers | shoe | White | Everyday sneakers and slip-ons.
    men-shoes-sandals | Sandals & Chappals | sandal | Brown | Peshawari chappals, sports sandals and slides.
  men-eastern-wear | Men's Eastern Wear | kameez | White | Shalwar kameez, kurtas and waistcoats.
women | Women | kameez | Pink | Activewear, eastern wear and shoes for women.
  women-clothing | Women's Clothing | shirt | Pink | Activewear, tops and tracksuits.
    women-clothing-activewear | Activewear | pants | Black | Leggings, joggers, sports bras and training tops.
    women-clothing-tops | Tops & Shirts | shirt | Sky Blue | Tees, casual shirts and hoodies.
  women-eastern-wear | Eastern Wear | kameez | Mint | Lawn suits, kameez, kurtis and dupattas.
  women-shoes | Women's Shoes | shoe | Grey | Running shoes, flats and khussa.
    women-shoes-running | Running Shoes | shoe | Navy | Light shoes for walks and runs.
    women-shoes-casual | Flats & Khussa | sandal | Tan | Khussa, flats, sneakers and slides.
kids | Kids | shirt | Yellow | Play-ready clothes and shoes for children.
  kids-clothing | Kids' Clothing | shirt | Orange | Tees, shorts, tracksuits and Eid outfits.
  kids-shoes | Kids' Shoes | shoe | Red | Sneakers, school shoes and sandals.
accessories-equipment | Accessories & Equipment | ball | White | Gear and accessories for every game.
  accessories-equipment-hardware-accessories | Hardware & Accessories | bottle | Teal | Bottles, caps, pumps and gloves.
  accessories-equipment-fitness-gear | Fitness Gear | dumbbell | Black | Yoga mats, dumbbells, kettlebells and bands.
  accessories-equipment-bags | Bags | bag | Olive | Gym bags, backpacks and cricket kit bags.
  accessories-equipment-cricket | Cricket | bat | Natural | Bats, balls, gloves and pads.
  accessories-equipment-team-sports | Football & Team Sports | ball | Yellow | Footballs, volleyballs, basketballs and hockey sticks.
  accessories-equipment-racket-sports | Badminton & Racket Sports | racket | Red | Badminton, squash, tennis and table tennis.
`;

function parseCategories(table: string): CategoryDef[] {
  const roots: CategoryDef[] = [];
  const stack: { depth: number; node: CategoryDef }[] = [];
  for (const line of table.split("\n").filter((l) => l.trim())) {
    const depth = line.search(/\S/) / 2;
    const [slug = "", name = "", shape, color, description = ""] = line
      .split("|")
      .map((c) => c.trim());
    if (!SHAPES.includes(shape as Shape) || !((color ?? "") in COLORS)) {
      throw new Error(`seed data: bad category row '${slug}'`);
    }
    const node = {
      slug,
      name,
      shape: shape as Shape,
      color: color as ColorName,
      description,
      children: [],
    };
    while (stack.length > 0 && (stack[stack.length - 1]?.depth ?? 0) >= depth) stack.pop();
    (stack[stack.length - 1]?.node.children ?? roots).push(node);
    stack.push({ depth, node });
  }
  return roots;
}

export const CATEGORY_TREE: CategoryDef[] = parseCategories(CATEGORY_TABLE);

export function flattenCategories(tree: CategoryDef[] = CATEGORY_TREE): CategoryDef[] {
  return tree.flatMap((c) => [c, ...flattenCategories(c.children)]);
}
