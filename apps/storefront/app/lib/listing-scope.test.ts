import type { CategoryTreeNode } from "@maidan/contracts/catalog";
import { describe, expect, it } from "vitest";
import { outsideScopeTitle } from "./listing-scope";

const node = (slug: string, name: string, children: CategoryTreeNode[] = []) =>
  ({ slug, name, children, description: null, productCount: 1 }) as unknown as CategoryTreeNode;

const men = node("men", "Men", [
  node("men-clothing", "Men's Clothing"),
  node("men-shoes", "Men's Shoes"),
]);
const women = node("women", "Women", [node("women-clothing", "Women's Clothing")]);
const kids = node("kids", "Kids", [node("kids-clothing", "Kids' Clothing")]);
const tree = [men, women, kids];

describe("a listing whose filter reaches outside its category", () => {
  it("is named after what it lists (the legacy apparel page)", () => {
    expect(outsideScopeTitle(tree, men, ["men-clothing", "women-clothing", "kids-clothing"])).toBe(
      "Men's Clothing, Women's Clothing & Kids' Clothing",
    );
    expect(outsideScopeTitle(tree, men, ["women-clothing"])).toBe("Women's Clothing");
  });

  it("keeps the category's own name when the filter stays inside it, or there is none", () => {
    expect(outsideScopeTitle(tree, men, ["men-clothing", "men-shoes"])).toBeNull();
    expect(outsideScopeTitle(tree, men, [])).toBeNull();
    expect(outsideScopeTitle(tree, men, undefined)).toBeNull();
  });
});
