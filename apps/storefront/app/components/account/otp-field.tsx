import { OTPInput, REGEXP_ONLY_DIGITS } from "input-otp";
import type { ClipboardEvent } from "react";
import { notifyError } from "../../lib/toast";

export const INVALID_PASTE = "Invalid pasted data";

// The boxes are fixed positions, never reordered; stable ids keep React from guessing.
const boxIds = Array.from({ length: 8 }, (_, n) => `otp-box-${n + 1}`);

/**
 * The one-time-code control of spec §5, on input-otp: one digit per box, digits only (typing,
 * backspace, delete and paste), a paste that is not all digits refused with 'Invalid pasted data',
 * and `onComplete` once every box is filled. `type` password masks the digits.
 */
export function OtpField(props: {
  name: string;
  length: number;
  type?: "number" | "tel" | "password";
  onComplete?: (code: string) => void;
  label?: string;
  /** The id of the rule message under the boxes, when there is one. */
  errorId?: string;
}) {
  const type = props.type ?? "number";
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData("text").trim();
    if (!/^\d+$/.test(text)) {
      e.preventDefault();
      notifyError({ message: INVALID_PASTE });
    }
  };
  return (
    <OTPInput
      name={props.name}
      maxLength={props.length}
      pattern={REGEXP_ONLY_DIGITS}
      inputMode={type === "tel" ? "tel" : "numeric"}
      autoComplete="one-time-code"
      aria-label={props.label ?? "One-time code"}
      aria-invalid={props.errorId ? true : undefined}
      aria-describedby={props.errorId}
      onPaste={onPaste}
      onComplete={props.onComplete}
      containerClassName="otp"
      render={({ slots }) => (
        <div className="otp__boxes">
          {slots.map((slot, position) => (
            <div
              key={boxIds[position]}
              className={`otp__box${slot.isActive ? " otp__box--active" : ""}`}
              data-testid="otp-box"
            >
              {slot.char ? (type === "password" ? "•" : slot.char) : ""}
            </div>
          ))}
        </div>
      )}
    />
  );
}
