/**
 * Deletes the photo files in R2 that no listing points at any more (a photo replaced or removed,
 * a listing deleted with an erased account or a merged record). D1 names them as part of the
 * change itself (migrations/0076), so no path that drops a photo can leave its file behind: the
 * request that made the change sweeps at once, and the daily job sweeps whatever a failed R2 call
 * left. A file is deleted before its key is forgotten, so a failure between the two only repeats
 * a delete (R2 deletes of a missing key succeed).
 */
import type { PractitionerPhotoDeletions } from "../../adapters/d1/practitioner-photo-deletions";
import type { PractitionerPhotoFiles } from "../../adapters/r2/practitioner-photos";
import type { Logger } from "../../log";

/** Keys per R2 delete call (R2 takes up to 1,000) and per D1 statement. */
const KEYS_PER_ROUND = 500;

export interface PhotoSweepDeps {
  deletions: PractitionerPhotoDeletions;
  files: Pick<PractitionerPhotoFiles, "deleteMany">;
  log: Logger;
}

export interface PhotoSweep {
  /** Deletes waiting files, at most `rounds` × 500 of them; returns how many, and whether some are left. */
  sweep(rounds?: number): Promise<{ deleted: number; more: boolean }>;
}

export function createPhotoSweep(deps: PhotoSweepDeps): PhotoSweep {
  return {
    async sweep(rounds = 1) {
      let deleted = 0;
      for (let round = 0; round < rounds; round++) {
        const keys = await deps.deletions.waiting(KEYS_PER_ROUND);
        if (keys.length === 0) return { deleted, more: false };
        await deps.files.deleteMany(keys);
        await deps.deletions.done(keys);
        deleted += keys.length;
        if (keys.length < KEYS_PER_ROUND) return { deleted, more: false };
      }
      deps.log.info("practitioners.photo_sweep_left_some", { deleted });
      return { deleted, more: true };
    },
  };
}
