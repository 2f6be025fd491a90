/**
 * A member's public listing (/user/practice): read it, save it (each practice placed at its town
 * from the gazetteer unless the member set its position), take it down. Whether it is shown is
 * decided at every search (the store), never here: a member may keep a listing while their
 * membership lapses, and it shows again when they renew.
 */
import type { Listability, PractitionerListingStore } from "../../adapters/d1/practitioner-listings";
import type { PractitionerSettings } from "../../adapters/cms/operations/practitioners";
import type { PractitionerPhotoFiles } from "../../adapters/r2/practitioner-photos";
import { TAG_KINDS, type PracticeListing, type PracticeLocation, type PracticeStanding } from "../../domain/practitioners";
import type { Logger } from "../../log";
import type { ParsedPractice } from "../../shared/practice-form";
import type { CheckedPhoto } from "./photo-file";
import type { PhotoSweep } from "./photo-sweep";
import type { PlaceFinder } from "./place-finder";

/** What a save does to the photo: leave it, take it away, or put a new one in its place. */
export type PhotoChange = { kind: "keep" } | { kind: "remove" } | { kind: "replace"; photo: CheckedPhoto };

export interface PracticeDeps {
  store: PractitionerListingStore;
  photos: PractitionerPhotoFiles;
  /** Deletes the files of photos replaced or removed. */
  photoSweep: PhotoSweep;
  /** The member's membership type, if they have a record. */
  membershipSlug: (userId: string) => Promise<string | null>;
  places: PlaceFinder;
  settings: () => Promise<PractitionerSettings>;
  graceDays: number;
  now: () => Date;
  log: Logger;
}


const emptyListing = (contactEmail: string, displayName: string): PracticeListing => ({
  displayName,
  professionalTitle: null,
  bio: null,
  contactEmail,
  locations: [],
  tags: Object.fromEntries(TAG_KINDS.map((kind) => [kind, []])) as unknown as PracticeListing["tags"],
});

export function createPracticeService(deps: PracticeDeps) {
  const who = async (): Promise<Listability> => ({ now: deps.now(), graceDays: deps.graceDays, listableSlugs: (await deps.settings()).listableMemberships });

  /** The practices placed: the member's position, else their town's, else none (shown without a distance). */
  async function place(practice: ParsedPractice): Promise<PracticeLocation[]> {
    return Promise.all(
      practice.locations.map(async (loc): Promise<PracticeLocation> => {
        if (loc.position) return { ...loc, placedBy: "member" };
        const town = await deps.places.placeOfTown(loc.town);
        return { ...loc, position: town ? { lat: town.lat, lng: town.lng } : null, placedBy: town ? "town" : "none" };
      }),
    );
  }

  return {
    async standing(userId: string, accountEmail: string, suggestedName: string): Promise<PracticeStanding> {
      const [found, listability, membershipSlug] = await Promise.all([deps.store.own(userId), who(), deps.membershipSlug(userId)]);
      const typeAllowed = membershipSlug !== null && listability.listableSlugs.includes(membershipSlug);
      if (!found) return { own: { id: null, listed: false, hidden: null, listing: emptyListing(accountEmail, suggestedName) }, shownNow: false, typeAllowed };
      const [shown] = await deps.store.publicListings([found.id], listability);
      return { own: found, shownNow: shown !== undefined, typeAllowed };
    },

    /** A listing as it would be shown, not saved (the preview). */
    async preview(practice: ParsedPractice, accountEmail: string): Promise<PracticeListing> {
      return { ...practice, contactEmail: accountEmail, locations: await place(practice) };
    },

    /**
     * Saves the listing and its photo change; returns the practices that could not be placed
     * (shown without a distance). A new photo's bytes are stored before the row points at them,
     * and the photo it replaces is deleted only after (D1 names it for the photo sweep as the row
     * changes), so a page never names a missing file.
     */
    async save(userId: string, accountEmail: string, practice: ParsedPractice, photo: PhotoChange = { kind: "keep" }): Promise<{ id: number; unplaced: string[] }> {
      const locations = await place(practice);
      const newKey = photo.kind === "replace" ? await deps.photos.put(photo.photo.bytes, photo.photo.type) : null;
      const id = await deps.store.save(userId, { ...practice, contactEmail: accountEmail, locations }, practice.listed);
      if (photo.kind !== "keep") {
        const stored = photo.kind === "replace" && newKey ? { key: newKey, version: photo.photo.version, type: photo.photo.type, width: photo.photo.width, height: photo.photo.height } : null;
        await deps.store.setPhoto(userId, stored);
        await deps.photoSweep.sweep();
      }
      const unplaced = locations.filter((l) => l.position === null).map((l) => l.name);
      deps.log.info("practitioners.saved", { userId, listingId: id, listed: practice.listed, practices: locations.length, unplaced: unplaced.length, photo: photo.kind });
      return { id, unplaced };
    },

    /** The member's own photo at this version (for their form and preview, shown or not). */
    async ownPhoto(userId: string, version: string): Promise<{ body: ReadableStream<Uint8Array>; size: number; type: string } | null> {
      const found = await deps.store.ownPhoto(userId, version);
      const file = found ? await deps.photos.read(found.key) : null;
      return found && file ? { ...file, type: found.type } : null;
    },

    async unlist(userId: string): Promise<void> {
      await deps.store.setListed(userId, false);
      deps.log.info("practitioners.unlisted", { userId });
    },
  };
}

export type PracticeService = ReturnType<typeof createPracticeService>;
