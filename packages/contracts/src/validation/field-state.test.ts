import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createField, type FieldSnapshot, type Mode, shouldValidate } from "./field-state.ts";
import { validateValue } from "./validate.ts";

describe("shouldValidate (spec §5 modes)", () => {
  it.each<[Mode, boolean, Record<string, boolean>]>([
    ["aggressive", false, { input: true, change: false, blur: true, submit: true }],
    ["lazy", false, { input: false, change: true, blur: true, submit: true }],
    ["passive", false, { input: false, change: false, blur: false, submit: true }],
    ["passive", true, { input: false, change: false, blur: false, submit: true }],
    ["eager", false, { input: false, change: true, blur: true, submit: true }],
    ["eager", true, { input: true, change: true, blur: true, submit: true }],
  ])("%s (invalid: %s)", (mode, invalid, expected) => {
    for (const [event, answer] of Object.entries(expected)) {
      expect(shouldValidate(mode, event as never, invalid), event).toBe(answer);
    }
  });
});

describe("createField", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = (mode: Mode, debounceMs?: number) => {
    const seen: FieldSnapshot[] = [];
    const checks: unknown[] = [];
    const field = createField({
      mode,
      debounceMs,
      initial: "",
      check: async (value) => {
        checks.push(value);
        const r = await validateValue(value, "required|min:3", "name");
        return { errors: r.errors, required: r.required };
      },
      onUpdate: (s) => seen.push(s),
    });
    return { field, seen, checks };
  };

  it("starts pristine, untouched, unvalidated", () => {
    const { flags } = make("lazy").field.snapshot();
    expect(flags).toMatchObject({ pristine: true, dirty: false, touched: false, untouched: true });
    expect(flags).toMatchObject({ valid: false, invalid: false, validated: false, changed: false });
  });

  it("aggressive validates on every input", async () => {
    const { field, checks } = make("aggressive");
    field.input("a");
    field.input("ab");
    await vi.runAllTimersAsync();
    expect(checks).toEqual(["a", "ab"]);
    expect(field.snapshot().errors).toEqual(["The name field must be at least 3 characters"]);
  });

  it("lazy waits for change or blur", async () => {
    const { field, checks } = make("lazy");
    field.input("a");
    await vi.runAllTimersAsync();
    expect(checks).toEqual([]);
    expect(field.snapshot().flags).toMatchObject({ dirty: true, pristine: false, changed: true });
    field.blur();
    await vi.runAllTimersAsync();
    expect(checks).toEqual(["a"]);
    expect(field.snapshot().flags).toMatchObject({ touched: true, invalid: true, validated: true });
  });

  it("passive validates only on submit", async () => {
    const { field, checks } = make("passive");
    field.input("a");
    field.change("a");
    field.blur();
    await vi.runAllTimersAsync();
    expect(checks).toEqual([]);
    expect(await field.submit()).toBe(false);
    expect(await field.submit("abcd")).toBe(true);
    expect(field.snapshot().flags).toMatchObject({ valid: true, invalid: false, required: true });
  });

  it("eager is lazy until invalid, then checks every input until valid", async () => {
    const { field, checks } = make("eager");
    field.input("a");
    await vi.runAllTimersAsync();
    expect(checks).toEqual([]);
    field.change("a");
    await vi.runAllTimersAsync();
    field.input("ab");
    field.input("abc");
    await vi.runAllTimersAsync();
    expect(checks).toEqual(["a", "ab", "abc"]);
    field.input("abcd");
    await vi.runAllTimersAsync();
    expect(checks).toHaveLength(3);
  });

  it("debounces: one check after the typing stops, marked pending meanwhile", async () => {
    const { field, checks, seen } = make("aggressive", 300);
    field.input("a");
    await vi.advanceTimersByTimeAsync(200);
    field.input("ab");
    await vi.advanceTimersByTimeAsync(299);
    expect(checks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.some((s) => s.flags.pending)).toBe(true);
    await vi.runAllTimersAsync();
    expect(checks).toEqual(["ab"]);
    expect(field.snapshot().flags.pending).toBe(false);
  });

  it("changed follows the value back to its initial state; dirty stays", () => {
    const { field } = make("passive");
    field.input("x");
    field.input("");
    expect(field.snapshot().flags).toMatchObject({ changed: false, dirty: true });
  });
});
