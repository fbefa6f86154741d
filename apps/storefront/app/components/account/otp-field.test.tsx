import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OtpField } from "./otp-field";

const render = (props: Partial<Parameters<typeof OtpField>[0]> = {}) =>
  renderToStaticMarkup(<OtpField name="otp" length={4} {...props} />);

const boxes = (html: string) => html.match(/data-testid="otp-box"/g)?.length ?? 0;

describe("OtpField (spec §5 one-time-code control)", () => {
  it("renders one box per digit of the configured length, 4 by default in the shop", () => {
    expect(boxes(render())).toBe(4);
    expect(boxes(render({ length: 6 }))).toBe(6);
  });

  it("takes digits only, as a one-time code, with the keypad the type asks for", () => {
    const number = render({ type: "number" });
    expect(number).toContain('pattern="^\\d+$"');
    expect(number).toContain('autoComplete="one-time-code"');
    expect(number).toContain('maxLength="4"');
    expect(number).toContain('inputMode="numeric"');
    expect(render()).toContain('inputMode="numeric"');
    expect(render({ type: "tel" })).toContain('inputMode="tel"');
    expect(render({ type: "password" })).toContain('inputMode="numeric"');
  });
});
