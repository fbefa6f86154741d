import type { Cart } from "@maidan/contracts/cart";
import { rupees } from "@maidan/contracts/money";
import { Form } from "react-router";

/**
 * "Use wallet balance" (the cart's checkoutWallet). A plain form post, so it works before the
 * page has loaded its scripts; the server decides how much the wallet pays.
 */
export function WalletToggle({ cart }: { cart: Cart }) {
  if (cart.walletBalance <= 0 && !cart.checkoutWallet) return null;
  return (
    <Form method="post" className="wallet-toggle" id="wallet">
      <input type="hidden" name="intent" value="wallet" />
      <input type="hidden" name="useWallet" value={cart.checkoutWallet ? "off" : "on"} />
      <p>
        Wallet balance: <strong>{rupees(cart.walletBalance)}</strong>
        {cart.checkoutWallet && <> · paying {rupees(cart.walletUsed)} of this order</>}
      </p>
      <button type="submit" className="button">
        {cart.checkoutWallet ? "Stop using wallet balance" : "Use wallet balance"}
      </button>
    </Form>
  );
}
