/** What each leaf category sells: product types with name parts, price ranges and materials. */
import { SHAPES, type Shape } from "./catalog-data.ts";
import { FAMILIES, type Family } from "./partners.ts";

export const SIZE_SETS = {
  adult: ["S", "M", "L", "XL"],
  "adult-wide": ["S", "M", "L", "XL", "XXL"],
  women: ["XS", "S", "M", "L", "XL"],
  "men-shoe": ["39", "40", "41", "42", "43", "44"],
  "women-shoe": ["36", "37", "38", "39", "40", "41"],
  "kids-age": ["2-3Y", "4-5Y", "6-7Y", "8-9Y", "10-11Y"],
  "kids-shoe": ["28", "29", "30", "31", "32", "33", "34"],
  bat: ["Harrow", "SH", "LH"],
  unstitched: ["Unstitched"],
  one: [null],
} as const satisfies Record<string, readonly (string | null)[]>;
export type SizeSet = keyof typeof SIZE_SETS;

export type ProductType = {
  leaf: string;
  noun: string;
  shape: Shape;
  sizes: SizeSet;
  price: [number, number];
  qualifiers: string[];
  materials: string[];
  /** "sport" and "eastern" pick a style name; "=a,b" lists fixed suffixes; "none" adds nothing. */
  suffix: string;
  blurb: string;
};

export type LeafDef = { slug: string; audiences: string[]; family: Family; weight: number };

// slug | audiences | family | weight (share of products)
const LEAF_TABLE = `
men-clothing-t-shirts                      | Men's                  | apparel  | 7
men-clothing-joggers                       | Men's                  | apparel  | 6
men-clothing-tracksuits                    | Men's                  | apparel  | 4
men-shoes-running                          | Men's                  | footwear | 6
men-shoes-sneakers                         | Men's                  | footwear | 4
men-shoes-sandals                          | Men's                  | footwear | 3
men-eastern-wear                           | Men's                  | eastern  | 4
women-clothing-activewear                  | Women's                | apparel  | 6
women-clothing-tops                        | Women's                | apparel  | 4
women-eastern-wear                         | Women's                | eastern  | 8
women-shoes-running                        | Women's                | footwear | 3
women-shoes-casual                         | Women's                | footwear | 3
kids-clothing                              | Kids',Boys',Girls'     | kids     | 5
kids-shoes                                 | Kids',Boys',Girls'     | kids     | 3
accessories-equipment-hardware-accessories | -                      | sports   | 3
accessories-equipment-fitness-gear         | -                      | fitness  | 5
accessories-equipment-bags                 | -                      | bags     | 3
accessories-equipment-cricket              | -                      | cricket  | 5
accessories-equipment-team-sports          | -                      | sports   | 3
accessories-equipment-racket-sports        | -                      | sports   | 3
`;

// leaf | noun | shape | sizes | price range | qualifiers | materials | suffix | blurb
const TYPE_TABLE = `
men-clothing-t-shirts | Polo Shirt | shirt | adult-wide | 1499-3999 | Dri-Fit,Pique Cotton,Classic,Performance,Striped | 100% cotton pique;Polyester-cotton blend;Recycled polyester | sport | A polo with a ribbed collar and two-button placket that works as well at the office as at the nets.
men-clothing-t-shirts | Training T-Shirt | shirt | adult-wide | 899-2499 | Quick-Dry,Mesh,Crew Neck,Raglan | Moisture-wicking polyester;Cotton-spandex jersey | sport | A light training shirt that pulls sweat away from the skin through long sessions.
men-clothing-t-shirts | Graphic T-Shirt | shirt | adult | 799-1999 | Oversized,Printed,Cotton | Combed cotton jersey;Organic cotton | sport | A soft printed tee with a relaxed cut for days off.
men-clothing-joggers | Joggers | pants | adult-wide | 1799-4499 | Fleece,Slim Fit,Cargo,Tapered | Cotton fleece;French terry;Polyester tricot | sport | Joggers with a drawstring waist, zip pockets and cuffed ankles for warm-ups and commutes.
men-clothing-joggers | Track Pants | pants | adult-wide | 1499-3499 | Side-Stripe,Training,Lightweight | Polyester tricot;Nylon-spandex | sport | Straight-leg track pants with an elastic waist and ankle zips that slip over shoes.
men-clothing-joggers | Chino Trousers | pants | adult | 2499-5499 | Stretch,Slim,Classic | Stretch cotton twill;Cotton-linen blend | none | Smart chinos with a touch of stretch for long working days.
men-clothing-joggers | Training Shorts | pants | adult | 999-2499 | Quick-Dry,Gym,2-in-1 | Lightweight polyester;Quick-dry nylon | sport | Short, light and quick to dry, with a key pocket in the waistband.
men-clothing-tracksuits | Tracksuit | jacket | adult-wide | 4999-11999 | Full-Zip,Fleece-Lined,Two-Tone | Polyester tricot;Brushed fleece | sport | A matching zip jacket and joggers set for cold Lahore mornings and long warm-ups.
men-clothing-tracksuits | Windbreaker Jacket | jacket | adult-wide | 3499-8999 | Lightweight,Hooded,Packable | Ripstop nylon;Water-repellent polyester | sport | A wind-proof shell that packs into its own pocket when the sun comes out.
men-clothing-tracksuits | Hoodie | jacket | adult-wide | 2999-6499 | Pullover,Zip-Up,Fleece | Cotton fleece;Cotton-polyester fleece | sport | A brushed-inside hoodie with a roomy kangaroo pocket.
men-clothing-tracksuits | Puffer Jacket | jacket | adult | 6999-15999 | Quilted,Hooded | Nylon shell with polyester fill | sport | A warm quilted jacket for winter trips up north.
men-shoes-running | Running Shoes | shoe | men-shoe | 4999-16999 | Mesh,Cushioned,Lightweight,Trail,Road | Engineered mesh upper with EVA midsole;Knit upper with rubber outsole | sport | Running shoes with a springy midsole and a grippy outsole for roads and tracks.
men-shoes-running | Training Shoes | shoe | men-shoe | 3999-11999 | Cross,Gym,Flex | Synthetic upper with rubber outsole;Mesh upper with TPU heel | sport | Stable, flat-soled shoes for lifting, circuits and court drills.
men-shoes-sneakers | Sneakers | shoe | men-shoe | 3499-9999 | Canvas,Leather,Low-Top,High-Top,Classic | Canvas upper with vulcanised sole;Synthetic leather upper | sport | Clean everyday sneakers that go with joggers and jeans alike.
men-shoes-sneakers | Slip-On Shoes | shoe | men-shoe | 2999-6999 | Knit,Canvas,Comfort | Knit upper with memory foam;Canvas upper | sport | Laceless shoes you can step into on the way out.
men-shoes-sandals | Peshawari Chappal | sandal | men-shoe | 2499-6999 | Handmade,Leather,Classic,Double-Sole | Genuine cow leather;Buffalo leather with rubber sole | none | A hand-stitched Peshawari chappal with a padded footbed and a sturdy sole.
men-shoes-sandals | Sports Sandals | sandal | men-shoe | 1999-4999 | Strap,Outdoor,Velcro | Nylon straps with EVA footbed | sport | Adjustable straps and a contoured footbed for monsoon days and river trips.
men-shoes-sandals | Slides | sandal | men-shoe | 799-2499 | Pool,Cushioned | Moulded EVA | sport | Soft slides for after the match and around the house.
men-eastern-wear | Shalwar Kameez | kameez | adult-wide | 3499-9999 | Wash & Wear,Cotton,Boski,Karandi | Wash and wear blend;Egyptian cotton;Boski silk blend | eastern | A crisp shalwar kameez with a band collar and side pockets, ready for Jumma and family events.
men-eastern-wear | Kurta | kameez | adult-wide | 2499-6999 | Embroidered,Cotton,Linen | Cotton lawn;Linen blend | eastern | A straight-cut kurta with fine embroidery at the placket.
men-eastern-wear | Waistcoat | jacket | adult | 3999-8999 | Festive,Jamawar,Plain | Jamawar;Cotton-silk blend | eastern | A tailored waistcoat to wear over a kameez at weddings and Eid dinners.
women-clothing-activewear | Leggings | pants | women | 1499-3999 | High-Waist,Compression,Seamless,Capri | Nylon-spandex;Polyester-elastane | sport | Squat-proof leggings with a high waistband that stays in place.
women-clothing-activewear | Joggers | pants | women | 1799-3999 | Fleece,Relaxed,Tapered | Cotton fleece;French terry | sport | Relaxed joggers with a soft waistband for yoga, walks and lazy Sundays.
women-clothing-activewear | Sports Bra | shirt | women | 999-2999 | Medium Support,High Support,Racerback | Nylon-spandex with removable pads | sport | A supportive sports bra with wide straps for running and training.
women-clothing-activewear | Training Shirt | shirt | women | 999-2999 | Loose Fit,Long-Sleeve,Mesh | Moisture-wicking polyester | sport | A breathable long-line top that covers well and dries fast.
women-clothing-tops | Cotton T-Shirt | shirt | women | 899-2299 | Basic,Oversized,Printed,V-Neck | Combed cotton jersey;Cotton-modal blend | sport | An easy cotton tee for every day of the week.
women-clothing-tops | Casual Shirt | shirt | women | 1999-4499 | Linen,Button-Down,Checked | Linen-cotton blend;Cotton poplin | none | A breezy button-down shirt that pairs with jeans or trousers.
women-clothing-tops | Hoodie | jacket | women | 2999-5999 | Cropped,Zip-Up,Pullover | Cotton fleece | sport | A cosy hoodie with a soft brushed lining.
women-clothing-tops | Tracksuit | jacket | women | 4999-10999 | Velour,Full-Zip,Two-Tone | Polyester tricot;Cotton velour | sport | A matching zip jacket and trouser set for travel and warm-ups.
women-eastern-wear | Lawn Suit 3-Piece | kameez | unstitched | 3999-12999 | Embroidered,Printed,Digital Print,Luxury | Lawn shirt with chiffon dupatta;Cotton lawn with silk dupatta | eastern | An unstitched three-piece lawn suit: printed shirt, dyed trousers and a matching dupatta.
women-eastern-wear | Lawn Kameez 3-Piece | kameez | women | 4999-13999 | Embroidered,Printed,Stitched | Cotton lawn;Lawn with organza dupatta | eastern | A ready-to-wear kameez, trouser and dupatta set, stitched to standard sizes.
women-eastern-wear | Kameez | kameez | women | 1999-5999 | Embroidered,Printed,Cambric,Khaddar | Cambric cotton;Khaddar;Cotton lawn | eastern | A stitched kameez with a straight hem and three-quarter sleeves.
women-eastern-wear | Kurti | kameez | women | 1499-3999 | Short,Block Print,Chikankari | Cotton;Cotton-viscose blend | eastern | A short kurti that pairs with jeans or cigarette pants.
women-eastern-wear | Dupatta | dupatta | one | 799-3499 | Chiffon,Organza,Cotton,Embroidered,Silk | Chiffon;Organza;Cotton voile | eastern | A flowing dupatta with a finished border to lift a plain suit.
women-eastern-wear | Straight Trousers | pants | women | 1199-2499 | Cotton,Cambric,Embroidered Hem | Cambric cotton;Cotton-spandex | none | Straight trousers with a comfortable waistband to wear under any kameez.
women-shoes-running | Running Shoes | shoe | women-shoe | 4499-14999 | Mesh,Cushioned,Lightweight | Engineered mesh upper with EVA midsole;Knit upper | sport | Light running shoes with a cushioned heel for morning walks and 5K runs.
women-shoes-running | Walking Shoes | shoe | women-shoe | 3499-8999 | Comfort,Knit,Slip-Resistant | Knit upper with memory-foam insole | sport | Supportive walking shoes with a soft collar and a flexible sole.
women-shoes-casual | Khussa | sandal | women-shoe | 1499-4999 | Embroidered,Handmade,Mirror Work,Tilla | Leather with hand embroidery;Velvet with tilla work | eastern | A hand-embroidered khussa with a soft leather lining.
women-shoes-casual | Ballet Flats | sandal | women-shoe | 1999-4499 | Comfort,Pointed,Quilted | Synthetic leather;Suede finish | none | Foldable flats with a padded insole for long days out.
women-shoes-casual | Sneakers | shoe | women-shoe | 2999-7999 | Canvas,Platform,Leather | Canvas upper;Synthetic leather upper | sport | Everyday sneakers with a cushioned insole.
women-shoes-casual | Slides | sandal | women-shoe | 799-2299 | Cushioned,Strap | Moulded EVA | sport | Comfortable slides for home, gym and the beach at Clifton.
kids-clothing | T-Shirt | shirt | kids-age | 599-1499 | Printed,Cotton,Dino Print,Cricket Print | Soft cotton jersey | sport | A soft cotton tee with a fun print and a tag-free neck.
kids-clothing | Shorts | pants | kids-age | 599-1299 | Play,Cotton,Sports | Cotton jersey;Quick-dry polyester | sport | Easy pull-on shorts for school breaks and playtime.
kids-clothing | Tracksuit | jacket | kids-age | 1999-4499 | Fleece,Zip-Up,Two-Tone | Polyester tricot;Cotton fleece | sport | A warm zip jacket and joggers set for cold school mornings.
kids-clothing | Joggers | pants | kids-age | 899-1999 | Cuffed,Fleece,Cotton | Cotton fleece | sport | Comfortable joggers with a stretchy waist and cuffed ankles.
kids-clothing | Kameez Shalwar | kameez | kids-age | 1499-3999 | Eid,Cotton,Embroidered | Cotton;Wash and wear blend | eastern | A little shalwar kameez for Eid and family weddings.
kids-clothing | Football Kit | shirt | kids-age | 1499-2999 | Home,Away,Training | Breathable polyester | sport | A matching shirt and shorts set for the school team.
kids-shoes | Sneakers | shoe | kids-shoe | 1999-4999 | Velcro,Light-Up,Canvas | Synthetic upper with rubber sole;Canvas upper | sport | Easy hook-and-loop sneakers that little feet can put on alone.
kids-shoes | School Shoes | shoe | kids-shoe | 1999-3999 | Leather,Classic,Velcro | Synthetic leather;Genuine leather | none | Black school shoes with a scuff-resistant toe.
kids-shoes | Sandals | sandal | kids-shoe | 999-2499 | Strap,Outdoor | EVA sole with nylon straps | sport | Adjustable sandals with a soft footbed for summer.
accessories-equipment-hardware-accessories | Water Bottle | bottle | one | 499-2499 | Insulated Steel,BPA-Free,Sports | Stainless steel;BPA-free plastic | =500 ml,750 ml,1 L | A leak-proof bottle that keeps water cold through a summer match.
accessories-equipment-hardware-accessories | Shaker Bottle | bottle | one | 699-1499 | Protein,Mixing | BPA-free plastic with steel whisk ball | =600 ml,700 ml | A shaker with a mixing ball and a snap-shut lid.
accessories-equipment-hardware-accessories | Sports Cap | cap | one | 599-1799 | Running,Baseball,Mesh | Polyester with mesh panels;Cotton twill | sport | A light cap with an adjustable strap to keep the sun off.
accessories-equipment-hardware-accessories | Ball Pump | bottle | one | 499-1299 | Dual-Action,Hand | ABS plastic with steel needles | none | A compact pump with spare needles for footballs and volleyballs.
accessories-equipment-hardware-accessories | Gym Gloves | dumbbell | one | 699-1999 | Padded,Half-Finger,Wrist-Wrap | Leather palm with mesh back | none | Padded gloves that protect the palms during pulls and presses.
accessories-equipment-fitness-gear | Yoga Mat | mat | one | 1499-4999 | Non-Slip,Extra Thick,Travel | TPE foam;Natural rubber;NBR foam | =6 mm,8 mm,10 mm | A cushioned, non-slip mat for yoga, stretching and floor work.
accessories-equipment-fitness-gear | Dumbbell Pair | dumbbell | one | 2499-12999 | Hex,Vinyl,Rubber-Coated | Cast iron with rubber coating;Vinyl-coated cement | =2 x 2 kg,2 x 5 kg,2 x 7.5 kg,2 x 10 kg | A pair of dumbbells with knurled handles for a firm grip.
accessories-equipment-fitness-gear | Kettlebell | dumbbell | one | 2999-9999 | Cast Iron,Vinyl | Cast iron;Vinyl-coated cement | =8 kg,12 kg,16 kg | A one-piece kettlebell with a wide handle for swings and goblet squats.
accessories-equipment-fitness-gear | Resistance Band Set | mat | one | 999-2999 | Loop,Tube,Fabric | Natural latex;Fabric-covered latex | none | Five bands of graded resistance with a carry pouch.
accessories-equipment-fitness-gear | Skipping Rope | dumbbell | one | 499-1799 | Speed,Weighted,Adjustable | Steel cable with foam handles;PVC rope | none | A tangle-free rope with ball-bearing handles for fast spins.
accessories-equipment-fitness-gear | Foam Roller | mat | one | 1299-3499 | Textured,Smooth | EVA foam | none | A firm roller to loosen tight calves and back after training.
accessories-equipment-bags | Gym Bag | bag | one | 1999-5999 | Duffel,Shoe-Compartment,Waterproof | Polyester;Water-resistant nylon | sport | A roomy duffel with a separate shoe pocket and a padded strap.
accessories-equipment-bags | Backpack | bag | one | 2499-7999 | Laptop,Hiking,Daypack | Ripstop polyester;Nylon | =25 L,30 L,40 L | A comfortable backpack with padded straps and a laptop sleeve.
accessories-equipment-bags | Cricket Kit Bag | bag | one | 3999-9999 | Wheelie,Duffle,Team | Heavy-duty polyester | none | A kit bag with a bat pocket and room for pads, helmet and whites.
accessories-equipment-bags | Drawstring Bag | bag | one | 499-1299 | Light,Printed | Polyester | none | A light drawstring bag for swimming kit or a spare shirt.
accessories-equipment-cricket | English Willow Cricket Bat | bat | bat | 14999-59999 | Grade 1,Grade 2,Players | English willow with cane handle | none | A pressed English willow bat with a thick edge and a mid-to-low sweet spot.
accessories-equipment-cricket | Kashmir Willow Cricket Bat | bat | bat | 3999-12999 | Match,Practice | Kashmir willow with cane handle | none | A sturdy Kashmir willow bat for club matches and net practice.
accessories-equipment-cricket | Tape Ball Cricket Bat | bat | one | 1499-3999 | Light,Street | Poplar wood | none | A light, wide bat made for tape-ball cricket in the street.
accessories-equipment-cricket | Cricket Ball | ball | one | 899-4999 | Leather Match,Practice,Hard | Four-piece alum-tanned leather;Two-piece leather | =Pack of 1,Pack of 3 | A hand-stitched leather ball with a raised seam that holds its shape.
accessories-equipment-cricket | Tape Tennis Balls | ball | one | 599-1499 | Heavy,Light | Rubber core with felt | =Pack of 6,Pack of 12 | Tennis balls ready to be taped for street cricket.
accessories-equipment-cricket | Batting Gloves | bat | one | 1999-5999 | Match,Lightweight | Leather palm with foam protection | none | Batting gloves with split-finger protection and a sweat-absorbing palm.
accessories-equipment-cricket | Batting Pads | bat | one | 2999-8999 | Lightweight,Test | PVC face with foam filling | none | Lightweight batting pads with three straps and firm knee rolls.
accessories-equipment-team-sports | Football | ball | one | 1499-6999 | Match,Training,Hand-Stitched,Futsal | PU leather with latex bladder;TPU panels | =Size 4,Size 5 | A hand-stitched football from Sialkot with a true flight and a soft touch.
accessories-equipment-team-sports | Volleyball | ball | one | 1299-3999 | Indoor,Beach | Synthetic leather | none | A soft-touch volleyball with a butyl bladder that keeps its air.
accessories-equipment-team-sports | Hockey Stick | bat | one | 2999-9999 | Composite,Wooden,Indoor | Carbon-fibre composite;Mulberry wood | =36.5 inch,37.5 inch | A balanced hockey stick with a low bow for drag flicks.
accessories-equipment-team-sports | Basketball | ball | one | 1999-5999 | Indoor,Outdoor | Rubber;Composite leather | =Size 6,Size 7 | A grippy basketball with deep channels for control.
accessories-equipment-racket-sports | Badminton Racket | racket | one | 1499-8999 | Carbon,Aluminium,Lightweight | Carbon fibre frame;Aluminium frame | none | A head-light badminton racket for quick defence at the net.
accessories-equipment-racket-sports | Feather Shuttlecocks | ball | one | 999-2999 | Tournament,Club | Duck feather with cork base | =Tube of 6,Tube of 12 | Durable feather shuttles with a stable flight.
accessories-equipment-racket-sports | Table Tennis Bat | racket | one | 999-4999 | Pro,All-Round | Five-ply wood with rubber faces | none | A table tennis bat with grippy rubber for spin.
accessories-equipment-racket-sports | Squash Racket | racket | one | 3999-12999 | Graphite,Light | Graphite frame | none | A light squash racket in honour of Pakistan's great squash tradition.
accessories-equipment-racket-sports | Tennis Racket | racket | one | 4999-19999 | Graphite,Junior,Tour | Graphite composite | none | A forgiving tennis racket with a large sweet spot.
`;

function cells(table: string) {
  return table
    .trim()
    .split("\n")
    .map((line) => line.split("|").map((c) => c.trim()));
}
const list = (cell: string | undefined, sep: string) =>
  (cell ?? "")
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);

export const LEAVES: LeafDef[] = cells(LEAF_TABLE).map(([slug, audiences, family, weight]) => {
  if (!FAMILIES.includes(family as Family)) throw new Error(`seed: bad family ${family}`);
  return {
    slug: slug ?? "",
    audiences: audiences === "-" ? [""] : list(audiences, ","),
    family: family as Family,
    weight: Number(weight),
  };
});

export const PRODUCT_TYPES: ProductType[] = cells(TYPE_TABLE).map((c) => {
  const [leafSlug, noun, shape, sizes, price, qualifiers, materials, suffix, blurb] = c;
  const [lo, hi] = (price ?? "").split("-").map(Number);
  if (!SHAPES.includes(shape as Shape)) throw new Error(`seed: bad shape ${shape}`);
  if (!((sizes ?? "") in SIZE_SETS)) throw new Error(`seed: bad size set ${sizes}`);
  if (!LEAVES.some((l) => l.slug === leafSlug)) throw new Error(`seed: bad leaf ${leafSlug}`);
  if (!lo || !hi || c.length !== 9) throw new Error(`seed: bad type row ${noun}`);
  return {
    leaf: leafSlug ?? "",
    noun: noun ?? "",
    shape: shape as Shape,
    sizes: sizes as SizeSet,
    price: [lo, hi],
    qualifiers: list(qualifiers, ","),
    materials: list(materials, ";"),
    suffix: suffix ?? "none",
    blurb: blurb ?? "",
  };
});
