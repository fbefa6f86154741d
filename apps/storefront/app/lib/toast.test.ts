import { beforeEach, describe, expect, it, vi } from "vitest";

const sonner = vi.hoisted(() => ({
  toast: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));
vi.mock("sonner", () => sonner);

const { TOAST_ID, notifyError, notifyInfo, notifySuccess, notifyWarning } = await import("./toast");

describe("toast helpers", () => {
  beforeEach(() => vi.clearAllMocks());

  it("keeps success, info and warning for 5 s", async () => {
    await notifySuccess("Profile updated.");
    await notifyInfo("Heads up");
    await notifyWarning("Careful");
    expect(sonner.toast.success).toHaveBeenCalledWith("Profile updated.", {
      id: TOAST_ID,
      duration: 5000,
    });
    expect(sonner.toast.info).toHaveBeenCalledWith("Heads up", { id: TOAST_ID, duration: 5000 });
    expect(sonner.toast.warning).toHaveBeenCalledWith("Careful", { id: TOAST_ID, duration: 5000 });
  });

  it("shows an error body's message for 10 s", async () => {
    await notifyError({ message: "Invalid Login Details!", status: 401 });
    expect(sonner.toast.error).toHaveBeenCalledWith("Invalid Login Details!", {
      id: TOAST_ID,
      duration: 10000,
    });
  });

  it("gives every toast the same id, so a new one replaces the one on screen (§9)", async () => {
    await notifyWarning("Only 2 left in stock");
    await notifyWarning("Only 2 left in stock");
    await notifyError({ message: "Only 2 left in stock", status: 409 });
    const ids = [...sonner.toast.warning.mock.calls, ...sonner.toast.error.mock.calls].map(
      ([, opts]) => (opts as { id: string }).id,
    );
    expect(ids).toEqual([TOAST_ID, TOAST_ID, TOAST_ID]);
  });

  it("falls back to the stringified response", async () => {
    await notifyError({ ok: false });
    expect(sonner.toast.error).toHaveBeenCalledWith('{"ok":false}', {
      id: TOAST_ID,
      duration: 10000,
    });
  });
});
