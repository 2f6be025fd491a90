/**
 * Find a practitioner: the public search and profiles, the contact form, the member's own
 * listing (/user/practice) and the staff's list (/staff/practitioners).
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
import { createPracticeService } from "../services/practitioners/practice-service";
import { createStaffListings } from "../services/practitioners/staff-listings";
import type { Core } from "./core";

/** The listings' generation, which keys the edge cache's search and profile pages (middleware/edge-cache). */
export const practitionerGeneration = (config: Config) => createPractitionerListingStore(config.bindings.db).generation();

/** Deletes the R2 files of photos no listing points at any more (after a change, an erasure, and daily). */
export const practitionerPhotoSweep = (config: Config) =>
  createPhotoSweep({ deletions: createPractitionerPhotoDeletions(config.bindings.db), files: createPractitionerPhotoFiles(config.bindings.practitionerPhotos), log });

export function practitionerServices({ config, db, stores, published, email, batch, graceDays, now, newId, request }: Core) {
  const store = createPractitionerListingStore(db);
  const places = createPlaceFinder(createPlaceStore(db));
  const photos = createPractitionerPhotoFiles(config.bindings.practitionerPhotos);
  const settings = () => published.practitionerSettings();
  return {
    /** The public search and profiles. */
    find: createFindService({ store, photos, places, settings, graceDays, now }),
    /** The member's own listing. */
    practice: createPracticeService({
      store,
      photos,
      photoSweep: practitionerPhotoSweep(config),
      membershipSlug: async (userId) => (await stores.memberships.forUser(userId))?.membershipSlug ?? null,
      places,
      settings,
      graceDays,
      now,
      log,
    }),
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
    /** The staff's list, hiding, export. */
    staff: createStaffListings({ store, audit: stores.audit, outbox: email.outbox, batch, settings, graceDays, now, log }),
  };
}
