/**
 * CPD: webinar attendance that adds to a user's log, and its certificates (checked by anyone at
 * /certificates/{id}). The log itself (/user/cpd) is the member area's (member-area.ts).
 */
import { createCpdStore } from "../adapters/d1/cpd";
import { createMemberCardStore } from "../adapters/d1/member-cards";
import { log } from "../log";
import { createAttendance } from "../services/cpd/attendance";
import { createCertificates } from "../services/cpd/certificates";
import { holderName } from "../services/cpd/holder-name";
import { cpdProvider } from "../services/cpd/provider";
import type { Core } from "./core";

export function cpdServices({ config, db, stores, published, batch, now, newId }: Core) {
  const store = createCpdStore(db);
  const cards = createMemberCardStore(db);
  return {
    attendance: createAttendance({ store, joins: stores.webinarJoins, provider: cpdProvider(published, config.site.name), newId, log }),
    certificates: createCertificates({
      store,
      audit: stores.audit,
      batch,
      holderName: (userId) => holderName({ memberships: stores.memberships, applications: stores.applications, cards }, userId),
      webinar: (slug) => published.webinar(slug),
      now,
      log,
    }),
  };
}
