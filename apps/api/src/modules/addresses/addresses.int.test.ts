import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, get, post, put, SAME_ORIGIN, signUp } from "../../testing/auth-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ products: 10 });
});
afterAll(() => t?.close());

const home = {
  fullName: "Ayesha Khan",
  phone: "03001234567",
  province: "Sindh",
  city: "Karachi",
  address: "House 12, Street 4, DHA Phase 5",
  zip: "75500",
};

describe("/api/addresses", () => {
  it("adds, lists (default first), edits, re-defaults and removes", async () => {
    const a = await signUp(t);
    const first = (await post(t, "/api/addresses", home, bearer(a.token))).json();
    expect(first).toMatchObject({ ...home, phone: "923001234567", isDefault: true });
    const second = (
      await post(
        t,
        "/api/addresses",
        { ...home, province: "Punjab", city: "Lahore", isDefault: true },
        bearer(a.token),
      )
    ).json();
    const list = (await get(t, "/api/addresses", bearer(a.token))).json();
    expect(list.map((x: { _id: string; isDefault: boolean }) => [x._id, x.isDefault])).toEqual([
      [second._id, true],
      [first._id, false],
    ]);
    const edited = await put(
      t,
      `/api/addresses/${first._id}`,
      { ...home, address: "Flat 3, Clifton Block 2" },
      bearer(a.token),
    );
    expect(edited.json().address).toBe("Flat 3, Clifton Block 2");
    await t.app.inject({
      method: "DELETE",
      url: `/api/addresses/${second._id}`,
      headers: { ...SAME_ORIGIN, ...bearer(a.token) },
    });
    expect((await get(t, "/api/addresses", bearer(a.token))).json()).toMatchObject([
      { _id: first._id, isDefault: true },
    ]);
  });

  it("rejects a city outside its province, a bad phone and overlong text with 400", async () => {
    const a = await signUp(t);
    for (const bad of [
      { ...home, city: "Lahore" },
      { ...home, phone: "12345" },
      { ...home, address: "x".repeat(300) },
      { ...home, province: "Texas" },
    ]) {
      const res = await post(t, "/api/addresses", bad, bearer(a.token));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
    }
  });

  it("user B can never read, change, default or delete user A's address: 404", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const mine = (await post(t, "/api/addresses", home, bearer(a.token))).json();
    const asB = bearer(b.token);
    expect((await get(t, `/api/addresses/${mine._id}`, asB)).statusCode).toBe(404);
    expect((await put(t, `/api/addresses/${mine._id}`, home, asB)).statusCode).toBe(404);
    expect((await post(t, `/api/addresses/${mine._id}/default`, undefined, asB)).statusCode).toBe(
      404,
    );
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/addresses/${mine._id}`,
      headers: { ...SAME_ORIGIN, ...asB },
    });
    expect(del.statusCode).toBe(404);
    expect((await get(t, "/api/addresses", asB)).json()).toEqual([]);
    expect((await get(t, `/api/addresses/${mine._id}`, bearer(a.token))).json().address).toBe(
      home.address,
    );
    expect((await get(t, "/api/addresses/not-a-uuid", asB)).statusCode).toBe(404);
    expect((await get(t, "/api/addresses")).statusCode).toBe(401);
  });
});
