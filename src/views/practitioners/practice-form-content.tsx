/**
 * /user/practice: the member's public listing: whether it is shown (and why not), the form
 * (name, title, practices with their position, choices, biography), and the preview.
 */
import { ACCESS_CHOICES, MAX_LOCATIONS, SEES_CHOICES, type Choice, type PracticeStanding } from "../../domain/practitioners";
import { locationField, type SentPractice } from "../../shared/practice-form";
import type { PractitionerLists } from "../../domain/practitioners";
import { ActionButton } from "../forms/action-button";
import { CheckboxField } from "../forms/choice-fields";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { ScreenTitle } from "../components/screen-title";
import { GazetteerAttribution } from "./attribution";
import { PhotoField } from "./photo-field";

export interface PracticeFormContentProps {
  standing: PracticeStanding;
  sent: SentPractice;
  lists: PractitionerLists;
  problems: readonly FieldProblem[];
  notice: string | null;
  warning: string | null;
  csrfToken: string;
  societyName: string;
  /** A photo had been chosen when the form came back with problems elsewhere (it must be chosen again). */
  photoChosen?: boolean;
}

function Choices({ legend, name, choices, chosen, error }: { legend: string; name: string; choices: readonly Choice[]; chosen: readonly string[]; error: string | null }) {
  if (choices.length === 0) return null;
  return (
    <fieldset className={error ? "field field--error choice-group" : "field choice-group"}>
      <legend className="field__label">{legend}</legend>
      {error ? <p className="field__error">{error}</p> : null}
      {choices.map((choice) => (
        <div className="choice" key={choice.value}>
          <input className="choice__input" type="checkbox" id={`${name}-${choice.value}`} name={name} value={choice.value} defaultChecked={chosen.includes(choice.value)} />
          <label className="choice__label" htmlFor={`${name}-${choice.value}`}>
            {choice.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

function stateWords(standing: PracticeStanding): string {
  const { own } = standing;
  if (own.id === null) return "You have no public listing yet.";
  if (own.hidden) return `Our staff have hidden your listing: ${own.hidden.reason}`;
  if (!own.listed) return "Your listing is saved but not shown: tick “Show my listing publicly” to show it.";
  if (standing.shownNow) return "Your listing is shown in Find a practitioner.";
  if (!standing.typeAllowed) return "Your listing is saved but not shown: members of your membership type cannot be listed publicly.";
  return "Your listing is saved but not shown: it shows while your membership is in force, and comes back by itself when you renew.";
}

export function PracticeFormContent({ standing, sent, lists, problems, notice, warning, csrfToken, societyName, photoChosen = false }: PracticeFormContentProps) {
  const errorFor = (field: string) => problems.find((p) => p.field === field)?.message ?? null;
  return (
    <div className="account-screen">
      <ScreenTitle>Your public listing</ScreenTitle>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      {warning ? (
        <p className="notice notice--warning" role="status">
          {warning}
        </p>
      ) : null}
      <ErrorSummary problems={problems} />
      <p>
        Patients use <a href="/find-a-practitioner">Find a practitioner</a> to find a member of {societyName} near them. This listing is separate from the{" "}
        <a href="/user/directory">member directory</a>. Your e-mail address is never shown: patients write to you through a form, and we pass their message on.
      </p>
      <p className="practice-state">
        <strong>{stateWords(standing)}</strong>
        {standing.own.id !== null && standing.shownNow ? (
          <>
            {" "}
            <a href={`/find-a-practitioner/${standing.own.id}`}>See your public page</a>
          </>
        ) : null}
      </p>
      <form method="post" action="/user/practice" encType="multipart/form-data" className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <CheckboxField id="listed" label="Show my listing publicly" checked={sent.listed} />
        <TextField id="displayName" label="Name as shown" value={sent.displayName} autoComplete="name" maxLength={120} error={errorFor("displayName")} />
        <TextField id="professionalTitle" label="Professional title" hint="For example: Chartered physiotherapist, MSc" value={sent.professionalTitle} maxLength={120} error={errorFor("professionalTitle")} />
        <PhotoField saved={standing.own.listing.photo ?? null} name={sent.displayName || standing.own.listing.displayName} error={errorFor("photo")} chooseAgain={photoChosen && !errorFor("photo") && problems.length > 0} />
        {Array.from({ length: MAX_LOCATIONS }, (_, i) => {
          const loc = sent.locations[i]!;
          const f = (name: Parameters<typeof locationField>[1]) => locationField(i, name);
          return (
            <fieldset className="field-group" key={i}>
              <legend className="field__label">{i === 0 ? "Your practice" : `Another practice (optional)`}</legend>
              <TextField id={f("name")} label="Practice name" value={loc.name} maxLength={120} error={errorFor(f("name"))} />
              <TextField id={f("address")} label="Street address" value={loc.address} autoComplete="street-address" maxLength={300} error={errorFor(f("address"))} />
              <TextField id={f("town")} label="Town" hint="We place the practice at the centre of this town." value={loc.town} autoComplete="address-level2" maxLength={80} error={errorFor(f("town"))} />
              <TextField id={f("postcode")} label="Postcode" hint="Shown on your page. We cannot place a practice by its postcode yet." value={loc.postcode} autoComplete="postal-code" maxLength={10} error={errorFor(f("postcode"))} />
              <TextField id={f("phone")} label="Phone" type="tel" value={loc.phone} autoComplete="tel" maxLength={25} error={errorFor(f("phone"))} />
              <TextField id={f("website")} label="Website" value={loc.website} maxLength={300} error={errorFor(f("website"))} />
              <TextField id={f("bookingUrl")} label="Booking link" value={loc.bookingUrl} maxLength={300} error={errorFor(f("bookingUrl"))} />
              <details open={Boolean(loc.lat || loc.lng || errorFor(f("lat")) || errorFor(f("lng")))}>
                <summary>Adjust the position on the map</summary>
                <p className="field__hint">Leave both empty to place the practice at its town. Degrees, as a map app shows them.</p>
                <TextField id={f("lat")} label="Latitude" value={loc.lat} maxLength={12} error={errorFor(f("lat"))} />
                <TextField id={f("lng")} label="Longitude" value={loc.lng} maxLength={12} error={errorFor(f("lng"))} />
              </details>
            </fieldset>
          );
        })}
        <Choices legend="Services and specialisms" name="service" choices={lists.services} chosen={sent.chosen.service} error={errorFor("service")} />
        <Choices legend="Conditions treated" name="condition" choices={lists.conditions} chosen={sent.chosen.condition} error={errorFor("condition")} />
        <Choices legend="Appointments" name="appointment" choices={lists.appointments} chosen={sent.chosen.appointment} error={errorFor("appointment")} />
        <Choices legend="Who you see" name="sees" choices={SEES_CHOICES} chosen={sent.chosen.sees} error={errorFor("sees")} />
        <Choices legend="Accessibility of your premises" name="access" choices={ACCESS_CHOICES} chosen={sent.chosen.access} error={errorFor("access")} />
        <TextField id="languages" label="Languages you speak" hint="Separated by commas, for example English, Welsh" value={sent.languages} maxLength={400} error={errorFor("languages")} />
        <div className={errorFor("bio") ? "field field--error" : "field"}>
          <label className="field__label" htmlFor="bio">
            Short biography
          </label>
          <p className="field__hint" id="bio-hint">
            At most 1,500 characters.
          </p>
          {errorFor("bio") ? <p className="field__error">{errorFor("bio")}</p> : null}
          <textarea className="field__input" id="bio" name="bio" rows={6} maxLength={1500} aria-describedby="bio-hint" defaultValue={sent.bio} />
        </div>
        <div className="form__actions">
          <button type="submit" className="button">
            Save my listing
          </button>
          <button type="submit" className="button button--secondary" name="action" value="preview">
            Preview
          </button>
        </div>
      </form>
      {standing.own.listed ? (
        <>
          <h2>Stop showing your listing</h2>
          <p>Your listing leaves Find a practitioner at once. It stays saved here for when you want it back.</p>
          <ActionButton action="/user/practice/unlist" csrfToken={csrfToken} label="Stop showing my listing" secondary />
        </>
      ) : null}
      <GazetteerAttribution />
    </div>
  );
}
