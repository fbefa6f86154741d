import { rupees } from "@maidan/contracts/money";
import type { ReferralSettings } from "@maidan/contracts/referrals";

/** How the programme works, with today's amounts (/earn, /invite/{code}, /my/referral). */
export function ProgrammeSteps({ settings }: { settings: ReferralSettings }) {
  return (
    <ol className="referral-steps">
      <li>
        <strong>Share your invite link</strong>
        <span>Send it to friends who have not shopped at Maidan yet.</span>
      </li>
      <li>
        <strong>Your friend signs up</strong>
        <span>
          With the link, by e-mail, mobile number or Facebook.
          {settings.welcome > 0 &&
            ` They get ${rupees(settings.welcome)} in their wallet when their first order of ${rupees(settings.minOrder)} or more is delivered.`}
        </span>
      </li>
      <li>
        <strong>You earn {rupees(settings.bonus)}</strong>
        <span>In your wallet as soon as their first order is delivered.</span>
      </li>
    </ol>
  );
}

export function ProgrammeRules({ settings }: { settings: ReferralSettings }) {
  return (
    <ul className="referral-rules muted">
      <li>Up to {settings.monthlyCap} bonuses a month.</li>
      <li>Invites are for new accounts; one account per mobile number.</li>
      <li>Credits of an order that is refunded are taken back.</li>
      <li>Wallet credit pays all or part of any order at checkout.</li>
    </ul>
  );
}
