/**
 * The photo on /user/practice: the one saved (if any) with a box to remove it, and a file field
 * to add or replace it. A browser cannot put a chosen file back into a form shown again, so when
 * the form comes back with a problem elsewhere the member is told to choose the photo again.
 */
import type { ListingPhoto } from "../../domain/practitioners";
import { PHOTO_ACCEPT, PHOTO_MAX_LABEL } from "../../shared/practitioner-photo";
import { FileField } from "../forms/file-field";
import { PractitionerPhoto } from "./photo";

export interface PhotoFieldProps {
  saved: ListingPhoto | null;
  name: string;
  error: string | null;
  /** The form came back with problems elsewhere and a photo had been chosen. */
  chooseAgain: boolean;
}

export function PhotoField({ saved, name, error, chooseAgain }: PhotoFieldProps) {
  return (
    <fieldset className="field-group">
      <legend className="field__label">Photo</legend>
      {saved ? (
        <>
          <PractitionerPhoto listingId="own" photo={saved} name={name} box={160} className="practitioner-profile__photo" />
          <div className="choice">
            <input className="choice__input" type="checkbox" id="removePhoto" name="removePhoto" value="on" />
            <label className="choice__label" htmlFor="removePhoto">
              Remove my photo
            </label>
          </div>
        </>
      ) : null}
      <FileField
        id="photo"
        label={saved ? "Replace it with another photo (optional)" : "Add a photo (optional)"}
        hint={[`A JPEG, PNG or WebP image of up to ${PHOTO_MAX_LABEL}: a clear photo of your face, which patients see beside your name.`, chooseAgain ? "Your photo was not saved because of the problems on this form: choose it again." : null].filter(Boolean).join(" ")}
        error={error}
        accept={PHOTO_ACCEPT}
        // With JavaScript, the practice-photo island makes a chosen photo smaller before it is sent.
        data={{ "data-photo-resize": "" }}
      />
    </fieldset>
  );
}
