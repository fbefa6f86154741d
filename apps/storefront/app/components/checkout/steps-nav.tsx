import { Link } from "react-router";
import { type CheckoutStep, STEP_LABEL, STEP_PATH, STEPS } from "./steps";

/**
 * Where the shopper is among the four steps. A step they can go to (done, or next with what it
 * needs) is a link; the current one is marked for assistive technology.
 */
export function StepsNav({ step, reached }: { step: CheckoutStep; reached: CheckoutStep }) {
  const last = STEPS.indexOf(reached);
  return (
    <nav aria-label="Checkout steps">
      <ol className="checkout-steps">
        {STEPS.map((s, i) => {
          const label = (
            <>
              <span className="checkout-steps__n" aria-hidden="true">
                {i + 1}
              </span>
              {STEP_LABEL[s]}
            </>
          );
          const state = s === step ? "current" : i <= last ? "done" : "todo";
          return (
            <li key={s} className={`checkout-steps__item checkout-steps__item--${state}`}>
              {s === step ? (
                <span aria-current="step">{label}</span>
              ) : i <= last ? (
                <Link to={STEP_PATH[s]}>{label}</Link>
              ) : (
                <span>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
