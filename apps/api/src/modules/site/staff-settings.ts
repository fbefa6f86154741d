import type { Staff } from "@maidan/contracts/admin-orders";
import {
  type AdminSettings,
  type AdminSettingsService,
  adminSettings,
} from "@maidan/contracts/admin-settings";
import { hasRole } from "@maidan/contracts/auth";
import type { DbOrTx } from "@maidan/db/database";
import { forbidden } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { StaffWriterDeps } from "../../lib/record-audit.ts";
import * as repo from "./staff-settings.repository.ts";

const viewOf = (s: repo.SettingsRow): AdminSettings => ({
  title: s.title,
  description: s.description,
  primaryColor: s.primaryColor,
  mainTheme: s.mainTheme,
  currencySymbol: s.currency.symbol,
  guestLogin: s.guestLogin,
  demo: s.demo,
  appPromotion: {
    active: s.appPromotion.active,
    text: s.appPromotion.text,
    link: s.appPromotion.link ?? "",
    android: s.appPromotion.android ?? "",
    ios: s.appPromotion.ios ?? "",
  },
  analytics: {
    google_status: s.analytics.google_status,
    gtm_id: s.analytics.gtm_id ?? "",
    ga4_id: s.analytics.ga4_id ?? "",
    pixel_id: s.analytics.pixel_id ?? "",
  },
});

/** Empty texts are stored as absent keys, as the seed and the public settings have them. */
const present = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "")) as Partial<T>;

function requireAdmin(s: Staff) {
  if (!hasRole(s.role, "admin")) throw forbidden("Only admins change the shop's settings.");
}

/**
 * The shop's settings in the back-office (spec §1 and §3, decision 061): admins only. A save and
 * its audit entry are one transaction; then the cache news drops every instance's settings and
 * cached pages, so the next page anywhere shows the change.
 */
export function createStaffSettings({ db, audit, changed }: StaffWriterDeps): AdminSettingsService {
  async function row(tx: DbOrTx) {
    const s = await repo.readSettings(tx);
    if (!s) throw new Error("settings row missing: the database has not been seeded");
    return s;
  }
  return {
    async get(staff) {
      requireAdmin(staff);
      return viewOf(await row(db));
    },

    async save(staff, body) {
      requireAdmin(staff);
      const b = parseInput(adminSettings, body);
      const after = await db.transaction(async (tx) => {
        const before = await repo.lockSettings(tx);
        if (!before) throw new Error("settings row missing: the database has not been seeded");
        await repo.writeSettings(tx, {
          title: b.title,
          description: b.description,
          primaryColor: b.primaryColor,
          mainTheme: b.mainTheme,
          currency: { ...before.currency, symbol: b.currencySymbol },
          guestLogin: b.guestLogin,
          demo: b.demo,
          appPromotion: {
            active: b.appPromotion.active,
            text: b.appPromotion.text,
            ...present({
              link: b.appPromotion.link,
              android: b.appPromotion.android,
              ios: b.appPromotion.ios,
            }),
          },
          analytics: {
            google_status: b.analytics.google_status,
            ...present({
              gtm_id: b.analytics.gtm_id,
              ga4_id: b.analytics.ga4_id,
              pixel_id: b.analytics.pixel_id,
            }),
          },
        });
        const view = viewOf(await row(tx));
        await audit(tx, {
          actor: staff,
          recordType: "settings",
          recordId: "shop",
          action: "settings_saved",
          before: viewOf(before),
          after: view,
        });
        return view;
      });
      changed();
      return after;
    },
  };
}
