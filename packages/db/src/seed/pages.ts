/** Static and dynamic content pages of the demo shop (original text, simple HTML). */

export type PageSeed = {
  slug: string;
  pageType: "static" | "dynamic";
  title: string;
  description: string;
  body: string;
};

export const PAGES: PageSeed[] = [
  {
    slug: "about-us",
    pageType: "static",
    title: "About Us",
    description: "Who we are and why we started Maidan.",
    body: `<h2>Made for the maidan</h2>
<p>Every neighbourhood in Pakistan has its maidan: the open ground where the first cricket match of the day starts before the sun is high, where friends kick a football until the call for Maghrib, and where families walk in the evening breeze. Maidan the shop was started in Karachi to bring that spirit online.</p>
<p>We sell sportswear, shoes, eastern wear and sports equipment for men, women and children, from our own store and from trusted vendors across the country: bat makers in Sialkot, weavers in Faisalabad, chappal makers in Peshawar and tailors in Lahore.</p>
<h2>What we promise</h2>
<ul>
<li>Honest prices in rupees, with the discount shown exactly as it is.</li>
<li>Cash on delivery in every city we ship to, plus Easypaisa and bank cards.</li>
<li>Easy size exchanges and a clear return policy.</li>
<li>A real support team that answers in English and Urdu.</li>
</ul>
<p>Thank you for shopping with us. See you on the maidan.</p>`,
  },
  {
    slug: "privacy-policy",
    pageType: "static",
    title: "Privacy Policy",
    description: "How Maidan collects, uses and protects your personal information.",
    body: `<h2>What we collect</h2>
<p>When you create an account or place an order we collect your name, phone number, e-mail address and delivery address. When you pay online, the payment is processed by the bank or wallet provider; we never see or store your full card number or wallet PIN.</p>
<h2>How we use it</h2>
<ul>
<li>To deliver your orders and keep you updated by SMS, e-mail or app notification.</li>
<li>To verify your phone number with a one-time code and protect your account.</li>
<li>To answer your questions and resolve returns, refunds and disputes.</li>
<li>To improve the shop, using analytics only when it is switched on in our settings.</li>
</ul>
<h2>Who we share it with</h2>
<p>We share only what is needed with our courier partners (name, phone and address for delivery), with payment providers (order amount and reference) and with the vendor who fulfils your order. We do not sell your personal data.</p>
<h2>Your choices</h2>
<p>You can update your details under My Account, switch off marketing messages at any time, and ask us to delete your account by writing to support@maidan.pk. Order records are kept for as long as tax law requires.</p>`,
  },
  {
    slug: "terms-and-conditions",
    pageType: "static",
    title: "Terms and Conditions",
    description: "The terms that apply when you use Maidan and buy from it.",
    body: `<h2>Using the shop</h2>
<p>By using Maidan you agree to these terms. You must give correct contact and delivery details and keep your password private. We may suspend accounts that are used for fraud, abuse of vouchers or repeated refusal of cash-on-delivery parcels.</p>
<h2>Prices and orders</h2>
<p>All prices are in Pakistani rupees and include applicable taxes. Shipping charges are shown at checkout before you confirm. An order is accepted when we send the confirmation; if an item turns out to be unavailable we will tell you and refund anything you have paid.</p>
<h2>Vendors</h2>
<p>Some products are sold and shipped by independent vendors. Each product page shows who sells it. Maidan handles payment, support and returns for every order, whoever the seller is.</p>
<h2>Vouchers, wallet and referrals</h2>
<p>Vouchers and wallet credit have no cash value, cannot be transferred and may carry an expiry date and minimum order value. We may withdraw credit obtained through fake accounts or self-referrals.</p>
<h2>Liability and law</h2>
<p>We are responsible for delivering what you ordered in the condition described. These terms are governed by the laws of Pakistan and the courts of Karachi have jurisdiction.</p>`,
  },
  {
    slug: "return-policy",
    pageType: "static",
    title: "Return Policy",
    description: "How to return or exchange an item bought on Maidan.",
    body: `<h2>7-day returns</h2>
<p>If something is not right, you can ask for a return or exchange within 7 days of delivery. Items must be unused, unwashed and in their original packaging with tags attached.</p>
<h2>What cannot be returned</h2>
<ul>
<li>Socks, sports bras and other items worn next to the skin, for hygiene reasons.</li>
<li>Unstitched fabric that has been cut or stitched.</li>
<li>Cricket bats that have been knocked in or used in play.</li>
<li>Items marked final sale on the product page.</li>
</ul>
<h2>How it works</h2>
<p>Open the order under My Orders and choose Return or Exchange, or call our support line. A courier collects the parcel from your door in most cities. Once the item passes inspection we send the exchange or start your refund.</p>
<h2>Refunds</h2>
<p>Refunds to your Maidan wallet are made within 24 hours of approval. Refunds to a bank card take 7 to 10 working days, depending on your bank. Cash-on-delivery orders are refunded by bank transfer or Easypaisa.</p>
<p>If you received a damaged or wrong item, we pay for the return shipping.</p>`,
  },
  {
    slug: "shipping-policy",
    pageType: "static",
    title: "Shipping Policy",
    description: "Delivery options, charges and times across Pakistan.",
    body: `<h2>Where we deliver</h2>
<p>We deliver to more than 300 cities and towns across Pakistan through our courier partners.</p>
<h2>Options and charges</h2>
<ul>
<li><strong>Standard Delivery</strong>: Rs. 200, free on orders of Rs. 3,000 or more. Usually 3 to 5 working days.</li>
<li><strong>Express Delivery</strong>: Rs. 450 in Karachi, Lahore, Islamabad and Rawalpindi. Usually 1 to 2 working days.</li>
<li><strong>Same Day Karachi</strong>: Rs. 600 for orders placed before 1 pm and delivered in Karachi the same evening.</li>
</ul>
<h2>Delivery times</h2>
<p>Karachi orders usually arrive within 1 to 2 working days and Lahore and Islamabad within 2 to 3. Other cities take 3 to 5 working days, and remote areas of Gilgit-Baltistan, Azad Kashmir and Balochistan may take up to 7. Orders from several vendors can arrive in separate parcels.</p>
<h2>Tracking</h2>
<p>As soon as your parcel leaves the warehouse we send you an SMS with the tracking number. You can also follow every step under My Orders.</p>`,
  },
  {
    slug: "contact-us",
    pageType: "static",
    title: "Contact Us",
    description: "Call, write or visit the Maidan support team.",
    body: `<h2>We are here to help</h2>
<p>Our support team is available Monday to Saturday, 9 am to 9 pm, and on Sundays from 11 am to 6 pm.</p>
<ul>
<li>Phone: +92 21 111 624 326</li>
<li>E-mail: support@maidan.pk</li>
<li>WhatsApp: +92 300 1624326</li>
</ul>
<h2>Head office</h2>
<p>Maidan, 4th Floor, Shahrah-e-Faisal, Karachi, Pakistan.</p>
<p>For the fastest answer about an order, please keep your order number ready. You can also request a call back from the Help Center and we will ring you.</p>`,
  },
  {
    slug: "careers",
    pageType: "dynamic",
    title: "Careers at Maidan",
    description: "Join the team building Pakistan's home for sport and style.",
    body: `<h2>Work with us</h2>
<p>We are a small team in Karachi and Lahore that loves sport, good design and happy customers. We move quickly, ship often and look after each other.</p>
<h2>Open roles</h2>
<ul>
<li>Customer Support Associate (Karachi, full time, Urdu and English)</li>
<li>Warehouse Team Lead (Karachi, full time)</li>
<li>Category Manager, Eastern Wear (Lahore, full time)</li>
<li>Software Engineer, Web and Mobile (Karachi or remote within Pakistan)</li>
</ul>
<h2>How to apply</h2>
<p>Send your CV and a few lines about why you want to join to careers@maidan.pk, with the role in the subject line. We reply to every application within two weeks.</p>`,
  },
  {
    slug: "size-guide",
    pageType: "dynamic",
    title: "Size Guide",
    description: "Find your size for clothing, shoes and kidswear.",
    body: `<h2>Clothing</h2>
<p>Measure around the fullest part of your chest and your natural waist, keeping the tape level.</p>
<ul>
<li>S: chest 36–38 in, waist 30–32 in</li>
<li>M: chest 38–40 in, waist 32–34 in</li>
<li>L: chest 40–42 in, waist 34–36 in</li>
<li>XL: chest 42–44 in, waist 36–38 in</li>
</ul>
<p>Stitched eastern wear follows the same sizes; unstitched suits come with enough fabric for most sizes.</p>
<h2>Shoes</h2>
<p>Stand on a sheet of paper, mark your heel and longest toe, and measure the distance. Sizes are in EU numbers: 39 fits about 24.5 cm, 40 about 25 cm, 41 about 26 cm, 42 about 26.5 cm, 43 about 27.5 cm and 44 about 28 cm. If you are between sizes, choose the larger one for running shoes.</p>
<h2>Kids</h2>
<p>Kids' clothing is sized by age (2-3Y up to 10-11Y). If your child is tall for their age, go one size up.</p>`,
  },
];
