/** Privacy: a person's data export (theirs, or staff's for a data-subject request) and erasing their account. */
import { createPersonalDataStore } from "../adapters/d1/personal-data";
import { createIdentityToolkit } from "../adapters/firebase/identity-toolkit";
import { log } from "../log";
import { createAccountErasure } from "../services/privacy/account-erasure";
import { createDataExport } from "../services/privacy/data-export";
import { createPseudonyms } from "../services/privacy/pseudonyms";
import type { Core } from "./core";
import type { Payments } from "./payments";
import { practitionerPhotoSweep } from "./practitioners";

export function privacyServices({ config, db, stores, now }: Core, { card }: Payments) {
  const { auth } = config;
  const store = createPersonalDataStore(db, stores.audit);
  return {
    export: createDataExport({ store, audit: stores.audit, now }),
    erasure: createAccountErasure({
      store,
      identity: createIdentityToolkit({ baseUrl: auth.identityToolkitUrl, apiKey: auth.apiKey }),
      billing: card?.billing ?? null,
      pseudonyms: createPseudonyms(auth.sessionSecret),
      files: practitionerPhotoSweep(config),
      log,
    }),
  };
}
