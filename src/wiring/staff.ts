/** Staff: who is staff with which role, and their second factor. */
import { log } from "../log";
import { createSecondFactor } from "../services/staff/second-factor";
import { createSecretBox } from "../services/staff/secret-box";
import { createStaffTeam } from "../services/staff/staff-team";
import type { Core } from "./core";

export function staffServices({ config, stores, batch }: Core) {
  return {
    /** Who is staff, with which role (/staff/team; STAFF_EMAILS seeds the first administrators). */
    staffTeam: createStaffTeam({
      staff: stores.staff,
      secondFactors: stores.secondFactors,
      sessions: stores.sessions,
      audit: stores.audit,
      seedEmails: config.membership.staffEmails,
      batch,
      log,
    }),
    /** The staff's TOTP second factor, checked at the edge. */
    secondFactor: createSecondFactor({
      store: stores.secondFactors,
      sessions: stores.sessions,
      box: createSecretBox(config.staffSecondFactor.key),
      audit: stores.audit,
      issuer: config.site.name,
      nowSeconds: () => Math.floor(Date.now() / 1000),
      log,
    }),
  };
}
