/**
 * Find a practitioner: the public search and profiles and the contact form. The member's own
 * listing (/user/practice) is the member area's (member-area.ts) and the staff's list
 * (/staff/practitioners) the staff area's (staff-area.ts), built from the same parts.
 */
import { createPractitionerContactHolds } from "../adapters/d1/practitioner-contact-holds";
import { createPlaceStore } from "../adapters/d1/places";
import { createPractitionerPhotoDeletions } from "../adapters/d1/practitioner-photo-deletions";
import { createPractitionerListingStore } from "../adapters/d1/practitioner-listings";
import { createPractitionerPhotoFiles } from "../adapters/r2/practitioner-photos";
import { createTurnstile } from "../adapters/turnstile/turnstile";
import type { Config } from "../env";
import { log } from "../log";
import { createContactService } from "../services/practitioners/contact-service";
import { createFindService } from "../services/practitioners/find-service";
import { createPhotoSweep } from "../services/practitioners/photo-sweep";
import { createPlaceFinder } from "../services/practitioners/place-finder";
import type { Core } from "./core";

/** The listings' generation, which keys the edge cache's search and profile pages (middleware/edge-cache). */
export const practitionerGeneration = (config: Config) => createPractitionerListingStore(config.bindings.db).generation();

/** Deletes the R2 files of photos no listing points at any more (after a change, an erasure, and daily). */
export const practitionerPhotoSweep = (config: Config) =>
  createPhotoSweep({ deletions: createPractitionerPhotoDeletions(config.bindings.db), files: createPractitionerPhotoFiles(config.bindings.practitionerPhotos), log });

/** What the public pages, the member's listing and the staff's list are built from. */
export function practitionerParts({ config, db, published }: Core) {
  return {
    store: createPractitionerListingStore(db),
    places: createPlaceFinder(createPlaceStore(db)),
    photos: createPractitionerPhotoFiles(config.bindings.practitionerPhotos),
    settings: () => published.practitionerSettings(),
  };
}

export function practitionerServices(core: Core) {
  const { config, db, email, batch, graceDays, now, newId, request } = core;
  const { store, places, photos, settings } = practitionerParts(core);
  return {
    /** The public search and profiles. */
    find: createFindService({ store, photos, places, settings, graceDays, now }),
    /** Patients' messages to a practitioner. */
    contact: createContactService({
      store,
      holds: createPractitionerContactHolds(db),
      settings,
      outbox: email.outbox,
      batch,
      botCheck: createTurnstile(config.turnstile.secretKey),
      limiter: config.bindings.practitionerContactLimiter,
      clientAddress: request.clientAddress,
      graceDays,
      now,
      newId,
      log,
    }),
  };
}
