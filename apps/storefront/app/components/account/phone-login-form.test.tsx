import { createContext, useContext } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PhoneLoginForm } from "./phone-login-form";

type Props = Parameters<typeof PhoneLoginForm>[0];
const PropsOf = createContext<Props>({ redirectTo: "", busy: false, otpLength: 4 });
function LoginPage() {
  return <PhoneLoginForm {...useContext(PropsOf)} />;
}
const Stub = createRoutesStub([{ path: "/account/login", Component: LoginPage }]);

/** The form inside a data router, as on /account/login, once a code was sent to `sentTo`. */
const render = (otpLength: number, sentTo?: string) =>
  renderToStaticMarkup(
    <PropsOf.Provider value={{ redirectTo: "", busy: false, sentTo, otpLength }}>
      <Stub initialEntries={["/account/login"]} />
    </PropsOf.Provider>,
  );
const boxes = (html: string) => html.match(/data-testid="otp-box"/g)?.length ?? 0;

describe("PhoneLoginForm: boxes for the otp_length setting (spec §5)", () => {
  it("draws one box per digit once a code was sent: 4 by default, 6 when the setting says 6", () => {
    expect(boxes(render(4))).toBe(0);
    expect(boxes(render(4, "03001234567"))).toBe(4);
    const six = render(6, "03001234567");
    expect(boxes(six)).toBe(6);
    expect(six).toContain("Enter the 6-digit code we sent by SMS");
  });

  it("keeps the setting between 4 and 8, as the server does when it makes the code", () => {
    expect(boxes(render(20, "03001234567"))).toBe(8);
    expect(boxes(render(1, "03001234567"))).toBe(4);
    expect(boxes(render(0, "03001234567"))).toBe(4);
  });
});
