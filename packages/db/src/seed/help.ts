/** Help-center articles (original text). Format per article: topic, slug, title, then HTML body. */

export type HelpSeed = { topic: string; slug: string; title: string; body: string };

const SOURCE = `
## Orders | how-to-place-an-order | How do I place an order?
<p>Add the items you want to your cart, choose a size and colour where asked, and tap Checkout. Sign in or continue as a guest, pick a delivery address and shipping option, choose how to pay and confirm. You will get an SMS and e-mail with your order number straight away.</p>
## Orders | track-my-order | How can I track my order?
<p>Go to My Orders and open the order to see each step: confirmed, packed, shipped and delivered. When the parcel is handed to the courier we also send you the tracking number by SMS. Guest shoppers can use the link in their confirmation e-mail.</p>
## Orders | cancel-an-order | Can I cancel my order?
<p>Yes, as long as it has not been shipped. Open the order under My Orders and choose Cancel. If you paid online, the amount goes back to your Maidan wallet at once, or to your card or account within 7 to 10 working days if you prefer.</p>
## Orders | change-delivery-address | Can I change the delivery address after ordering?
<p>Before the order is packed you can ask our support team to change the address or phone number. Once the parcel is with the courier the address can no longer be changed, but the courier will call you before delivery.</p>
## Payments | cash-on-delivery | How does cash on delivery work?
<p>Choose Cash on Delivery at checkout and pay the rider in cash when your parcel arrives. Please keep the exact amount ready. You can open the outer packaging to check the item is the one you ordered before you pay.</p>
## Payments | pay-with-easypaisa | How do I pay with Easypaisa?
<p>Choose Easypaisa at checkout and enter the mobile number linked to your Easypaisa account. You will receive a prompt on your phone: approve it with your PIN within the time shown. The order is confirmed as soon as Easypaisa tells us the payment went through.</p>
## Payments | pay-with-card | Which bank cards can I use?
<p>We accept Visa, Mastercard and UnionPay debit and credit cards issued in Pakistan, through secure payment pages run by our partner banks. You may be asked for a one-time password from your bank. We never store your card number.</p>
## Payments | payment-deducted-order-failed | Money was deducted but my order failed. What now?
<p>Do not worry and do not pay again straight away. We check the status of every payment with the bank or wallet. If the payment succeeded, your order is confirmed automatically; if it did not, the bank reverses the amount, usually within a few working days. Contact support with the time of payment if you need help.</p>
## Shipping | delivery-times | How long does delivery take?
<p>Standard delivery usually takes 1 to 2 working days in Karachi, 2 to 3 working days in Lahore and Islamabad, and 3 to 5 working days in other cities. Remote areas can take up to 7 working days. Express delivery reaches Karachi, Lahore, Islamabad and Rawalpindi in 1 to 2 working days.</p>
## Shipping | delivery-charges | How much does shipping cost?
<p>Standard delivery costs Rs. 200 and is free on orders of Rs. 3,000 or more. Express delivery costs Rs. 450 and Same Day delivery in Karachi costs Rs. 600. The exact charge is shown at checkout before you confirm.</p>
## Shipping | same-day-delivery-karachi | Do you deliver on the same day?
<p>In Karachi, yes. Choose Same Day Karachi at checkout for orders placed before 1 pm and our riders deliver the same evening. Orders placed later go out the next morning.</p>
## Returns & Refunds | how-to-return | How do I return an item?
<p>Within 7 days of delivery, open the order under My Orders and choose Return. Tell us the reason and pick a collection time. Pack the item with its tags and original packaging; the courier collects it from your door in most cities.</p>
## Returns & Refunds | exchange-size | Can I exchange for a different size?
<p>Yes. Choose Exchange instead of Return and pick the new size. We send the replacement as soon as the original is collected, as long as the size is in stock. Size exchanges are free.</p>
## Returns & Refunds | refund-timelines | When will I get my refund?
<p>Once your return passes inspection, wallet refunds arrive within 24 hours. Card refunds take 7 to 10 working days depending on your bank, and refunds for cash-on-delivery orders are sent by bank transfer or Easypaisa within 5 working days.</p>
## Account | create-account | How do I create an account?
<p>Tap Sign Up, enter your name, e-mail address and mobile number, and choose a password. We send a 4-digit code by SMS to verify your number. With an account you can track orders, save addresses, keep a wishlist and use your wallet.</p>
## Account | forgot-password | I forgot my password.
<p>On the login screen tap Forgot Password and enter your e-mail address. We send you a link to choose a new password; the link works once and expires after a short time. If the e-mail does not arrive, check your spam folder.</p>
## Account | guest-checkout | Can I order without an account?
<p>Yes. Choose Continue as Guest at checkout and enter your contact details and address. You will still get order updates by SMS and e-mail. You can create an account later to see your order history in one place.</p>
## Wallet & Referral | maidan-wallet | What is the Maidan wallet?
<p>Your wallet holds credit from refunds, referral rewards and promotions. At checkout you can use your wallet balance towards the order and pay the rest in any other way. Every credit and debit is listed under My Wallet.</p>
## Wallet & Referral | top-up-wallet | How do I add money to my wallet?
<p>Open My Wallet, choose Top Up, enter the amount and pay with your Easypaisa account. The balance is updated as soon as Easypaisa confirms the payment.</p>
## Wallet & Referral | refer-a-friend | How does Refer a Friend work?
<p>Share your personal invite link from My Referral. When a friend signs up with your link and their first order is delivered, you both receive credit in your wallets. Self-referrals and duplicate accounts do not qualify.</p>
`;

export const HELP_ARTICLES: HelpSeed[] = SOURCE.trim()
  .split(/^## /m)
  .filter(Boolean)
  .map((chunk) => {
    const [head = "", ...rest] = chunk.split("\n");
    const [topic = "", slug = "", title = ""] = head.split("|").map((s) => s.trim());
    return { topic, slug, title, body: rest.join("\n").trim() };
  });
