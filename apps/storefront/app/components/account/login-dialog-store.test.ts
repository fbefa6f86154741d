import { describe, expect, it } from "vitest";
import { createLoginDialogStore, NO_SCROLL_CLASS } from "./login-dialog-store";

const fakeBody = () => {
  const classes = new Set<string>();
  return {
    classes,
    classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) },
  };
};

describe("login dialog state (spec §3)", () => {
  it("opens with a title, a target and the review/guest flags, locking the page scroll", () => {
    const body = fakeBody();
    const store = createLoginDialogStore(() => body);
    let calls = 0;
    store.subscribe(() => calls++);
    store.open("Sign in to write a review", {
      redirectTo: "/nike-air?tab=reviews",
      fromReview: true,
      submitReview: true,
      guestUser: true,
    });
    expect(store.getSnapshot()).toEqual({
      accountShow: true,
      title: "Sign in to write a review",
      redirectTo: "/nike-air?tab=reviews",
      fromReview: true,
      submitReview: true,
      guestUser: true,
      notifyModelShow: false,
    });
    expect(body.classes.has(NO_SCROLL_CLASS)).toBe(true);
    expect(calls).toBe(1);
  });

  it("closing resets the dialog and removes the body class", () => {
    const body = fakeBody();
    const store = createLoginDialogStore(() => body);
    store.open("Log in", { redirectTo: "/my", guestUser: true });
    store.close();
    expect(store.getSnapshot()).toMatchObject({
      accountShow: false,
      redirectTo: null,
      guestUser: false,
    });
    expect(body.classes.size).toBe(0);
  });

  it.each(["https://evil.com/", "//evil.com", "/\\evil.com", "javascript:alert(1)"])(
    "drops the off-site target %s",
    (target) => {
      const store = createLoginDialogStore(() => null);
      store.open("Log in", { redirectTo: target });
      expect(store.getSnapshot().redirectTo).toBeNull();
    },
  );

  it("keeps the notification prompt flag across open and close", () => {
    const store = createLoginDialogStore(() => null);
    store.setNotifyModel(true);
    store.open("Log in");
    store.close();
    expect(store.getSnapshot().notifyModelShow).toBe(true);
  });
});
