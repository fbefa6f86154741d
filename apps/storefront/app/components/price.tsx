import { rupees } from "@maidan/contracts/money";
import { discountPercent } from "../lib/format";
import { useRootData } from "../lib/root-data";

/** Price, with the struck-through list price and the saving when there is one. */
export function Price({ price, mrp }: { price: number; mrp: number }) {
  const { symbol } = useRootData().settings.currency;
  const off = discountPercent(price, mrp);
  return (
    <p className="price">
      <span className="price__now">{rupees(price, symbol)}</span>
      {off > 0 && (
        <>
          {" "}
          <s className="price__was">
            <span className="visually-hidden">was </span>
            {rupees(mrp, symbol)}
          </s>{" "}
          <span className="price__off">{`-${off}%`}</span>
        </>
      )}
    </p>
  );
}
