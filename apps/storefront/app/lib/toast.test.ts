import { beforeEach, describe, expect, it, vi } from "vitest";

const sonner = vi.hoisted(() => ({
  toast: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn(), dismiss: vi.fn() },
}));
vi.mock("sonner", () => sonner);

const { notifyError, notifyInfo, notifySuccess, notifyWarning } = await import("./toast");

describe("toast helpers", () => {
  beforeEach(() => vi.clearAllMocks());

  it("keeps success, info and warning for 5 s", async () => {
    await notifySuccess("Profile updated.");
    await notifyInfo("Heads up");
    await notifyWarning("Careful");
    expect(sonner.toast.success).toHaveBeenCalledWith("Profile updated.", {
      duration: 5000,
    });
    expect(sonner.toast.info).toHaveBeenCalledWith("Heads up", { duration: 5000 });
    expect(sonner.toast.warning).toHaveBeenCalledWith("Careful", { duration: 5000 });
  });

  it("shows an error body's message for 10 s", async () => {
    await notifyError({ message: "Invalid Login Details!", status: 401 });
    expect(sonner.toast.error).toHaveBeenCalledWith("Invalid Login Details!", {
      duration: 10000,
    });
  });

  it("dismisses the toast on screen before showing the next, so only one shows (§9)", async () => {
    const order: string[] = [];
    sonner.toast.dismiss.mockImplementation(() => order.push("dismiss"));
    sonner.toast.warning.mockImplementation(() => order.push("warning"));
    sonner.toast.error.mockImplementation(() => order.push("error"));
    await notifyWarning("Only 2 left in stock");
    await notifyWarning("Only 2 left in stock");
    await notifyError({ message: "Only 2 left in stock", status: 409 });
    expect(order).toEqual(["dismiss", "warning", "dismiss", "warning", "dismiss", "error"]);
  });

  it("falls back to the stringified response", async () => {
    await notifyError({ ok: false });
    expect(sonner.toast.error).toHaveBeenCalledWith('{"ok":false}', {
      duration: 10000,
    });
  });
});
