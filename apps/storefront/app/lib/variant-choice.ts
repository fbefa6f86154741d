import type { Variant } from "@maidan/contracts/catalog";

/** What the picker says under a size or colour: spec wording "Only 2 left" and "Sold out". */
export function stockLabel(stock: number): string | null {
  if (stock <= 0) return "Sold out";
  if (stock <= 3) return `Only ${stock} left`;
  return null;
}

export type Choice = { size: string | null; color: string | null };

export const findVariant = (variants: Variant[], choice: Choice) =>
  variants.find((v) => v.size === choice.size && v.color === choice.color) ?? null;

/** The first variant that can be bought, else the first at all; what the page opens with. */
export function initialChoice(variants: Variant[]): Choice {
  const v = variants.find((x) => x.stock > 0) ?? variants[0];
  return { size: v?.size ?? null, color: v?.color ?? null };
}

export type Option = { value: string; stock: number };

/** Each colour with the stock it has in any size. */
export function colorOptions(variants: Variant[]): Option[] {
  return options(variants, (v) => v.color);
}

/** Each size with its stock in the chosen colour (sizes that colour lacks count as sold out). */
export function sizeOptions(variants: Variant[], color: string | null): Option[] {
  const all = options(variants, (v) => v.size).map((o) => ({ ...o, stock: 0 }));
  for (const v of variants) {
    if (v.size === null || v.color !== color) continue;
    const option = all.find((o) => o.value === v.size);
    if (option) option.stock += v.stock;
  }
  return all;
}

function options(variants: Variant[], key: (v: Variant) => string | null): Option[] {
  const out: Option[] = [];
  for (const v of variants) {
    const value = key(v);
    if (value === null) continue;
    const known = out.find((o) => o.value === value);
    if (known) known.stock += v.stock;
    else out.push({ value, stock: v.stock });
  }
  return out;
}

/** Choosing a colour keeps the size if that colour has it in stock, else its first size in stock. */
export function chooseColor(variants: Variant[], current: Choice, color: string): Choice {
  const keep = variants.find((v) => v.color === color && v.size === current.size && v.stock > 0);
  if (keep) return { color, size: current.size };
  const inStock = variants.find((v) => v.color === color && v.stock > 0);
  return { color, size: inStock?.size ?? current.size };
}
