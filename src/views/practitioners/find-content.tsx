/** /find-a-practitioner: the search form (works without JavaScript), the results nearest first, paging. */
import { ACCESS_CHOICES, RADII, SEES_CHOICES, type Choice, type FindAnswer, type Place, type PractitionerLists, type SearchResult, type TagKind } from "../../domain/practitioners";
import { formatDistance } from "../../shared/geo";
import { afterParam, type SearchQuery } from "../../shared/practitioner-search-query";
import { placeLabel } from "../../shared/place-label";
import { ScreenTitle } from "../components/screen-title";
import { GazetteerAttribution } from "./attribution";
import { PractitionerPhoto } from "./photo";
import { ResultsMap } from "./results-map";

export const profilePath = (id: number) => `/find-a-practitioner/${id}`;

export interface FindContentProps {
  /** What the visitor typed, kept in the form. */
  typed: Record<string, string>;
  query: SearchQuery | null;
  lists: PractitionerLists;
  answer: FindAnswer | null;
  problem: { field: string; message: string } | null;
}

const FILTERS: readonly { kind: Exclude<TagKind, "language">; label: string; choices: (lists: PractitionerLists) => readonly Choice[] }[] = [
  { kind: "service", label: "Service or specialism", choices: (l) => l.services },
  { kind: "condition", label: "Condition", choices: (l) => l.conditions },
  { kind: "appointment", label: "Appointment", choices: (l) => l.appointments },
  { kind: "sees", label: "Sees", choices: () => SEES_CHOICES },
  { kind: "access", label: "Accessibility", choices: () => ACCESS_CHOICES },
];

function searchHref(typed: Record<string, string>, changes: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...typed, ...changes })) if (value) params.set(key, value);
  return `/find-a-practitioner?${params.toString()}`;
}

function Result({ result, country, number }: { result: SearchResult; country: string; number: number }) {
  const { listing, nearest, distanceKm } = result;
  return (
    <li className="practitioner-result">
      {/* The list's own numbering is read out; this one is for matching the map by eye. */}
      <span className="practitioner-result__number" aria-hidden="true">
        {number}
      </span>
      {listing.photo ? <PractitionerPhoto listingId={listing.id} photo={listing.photo} name={listing.displayName} box={72} className="practitioner-result__photo" lazy /> : null}
      <h2 className="practitioner-result__name">
        <a href={profilePath(listing.id)}>{listing.displayName}</a>
      </h2>
      {listing.professionalTitle ? <p className="practitioner-result__title">{listing.professionalTitle}</p> : null}
      <p className="practitioner-result__place">
        {nearest.name}, {nearest.town}
        {Number.isFinite(distanceKm) ? <> · {formatDistance(distanceKm, country)} away</> : null}
      </p>
      {listing.tags.service.length > 0 ? <p className="practitioner-result__services">{listing.tags.service.map((s) => s.label).join(", ")}</p> : null}
    </li>
  );
}

function PlaceLinks({ places, typed, label }: { places: readonly Place[]; typed: Record<string, string>; label: string }) {
  if (places.length === 0) return null;
  return (
    <div className="practitioners__places">
      <p>{label}</p>
      <ul>
        {places.map((p) => (
          <li key={`${p.name}${p.lat}${p.lng}`}>
            <a href={searchHref(typed, { place: placeLabel(p), after: null, near: null })}>{placeLabel(p)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FindContent({ typed, query, lists, answer, problem }: FindContentProps) {
  const errorFor = (field: string) => (problem?.field === field ? problem.message : null);
  const placeError = errorFor("place") ?? errorFor("after");
  return (
    <div className="practitioners">
      <ScreenTitle>Find a practitioner</ScreenTitle>
      <p>Everyone listed here is a current member of the society. Search by your town, or near you.</p>
      <form method="get" action="/find-a-practitioner" className="form practitioners__form" role="search" noValidate>
        <div className={placeError ? "field field--error" : "field"}>
          <label className="field__label" htmlFor="place">
            Town or postcode
          </label>
          {placeError ? (
            <p className="field__error" id="place-error">
              <span className="visually-hidden">Error:</span> {placeError}
            </p>
          ) : null}
          <input className="field__input" id="place" name="place" type="search" defaultValue={typed.place ?? ""} maxLength={80} autoComplete="address-level2" aria-invalid={placeError ? true : undefined} aria-describedby={placeError ? "place-error" : undefined} />
        </div>
        <div className={errorFor("radius") ? "field field--error" : "field"}>
          <label className="field__label" htmlFor="radius">
            Within
          </label>
          {errorFor("radius") ? <p className="field__error" id="radius-error">{errorFor("radius")}</p> : null}
          <select className="field__input" id="radius" name="radius" defaultValue={String(query?.radius ?? typed.radius ?? 25)}>
            {RADII.map((r) => (
              <option key={r} value={r}>
                {r} miles
              </option>
            ))}
          </select>
        </div>
        <details className="practitioners__filters" open={FILTERS.some((f) => typed[f.kind]) || Boolean(typed.language)}>
          <summary>More filters</summary>
          {FILTERS.map((f) => (
            <div className={errorFor(f.kind) ? "field field--error" : "field"} key={f.kind}>
              <label className="field__label" htmlFor={`filter-${f.kind}`}>
                {f.label}
              </label>
              {errorFor(f.kind) ? <p className="field__error">{errorFor(f.kind)}</p> : null}
              <select className="field__input" id={`filter-${f.kind}`} name={f.kind} defaultValue={typed[f.kind] ?? ""}>
                <option value="">Any</option>
                {f.choices(lists).map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="field">
            <label className="field__label" htmlFor="filter-language">
              Language spoken
            </label>
            <input className="field__input" id="filter-language" name="language" defaultValue={typed.language ?? ""} maxLength={60} />
          </div>
        </details>
        <div className="form__actions">
          <button type="submit" className="button">
            Search
          </button>
          <button type="submit" className="button button--secondary" name="near" value="me" data-near-me>
            Near me
          </button>
        </div>
      </form>
      <Answer answer={answer} typed={typed} />
      <GazetteerAttribution />
    </div>
  );
}

function Answer({ answer, typed }: { answer: FindAnswer | null; typed: Record<string, string> }) {
  if (!answer) return null;
  if (answer.kind === "unknown-place") {
    return (
      <section aria-labelledby="answer-title" className="practitioners__answer">
        <h2 id="answer-title">We could not find that place</h2>
        <p>Check the spelling, or try a nearby town.</p>
        <PlaceLinks places={answer.suggestions} typed={typed} label="Did you mean:" />
      </section>
    );
  }
  if (answer.kind === "prompt") {
    return answer.notice ? (
      <p className="notice" role="status">
        {answer.notice}
      </p>
    ) : (
      <p>Enter your town to see practitioners near you.</p>
    );
  }
  const { origin, page } = answer;
  return (
    <section aria-labelledby="answer-title" className="practitioners__answer">
      {answer.notice ? (
        <p className="notice" role="status">
          {answer.notice}
        </p>
      ) : null}
      <h2 id="answer-title">
        {page.results.length === 0 ? "No practitioners found" : "Practitioners"} near {origin.label}
      </h2>
      <PlaceLinks places={answer.others.slice(0, 5)} typed={typed} label="Other places with this name:" />
      {page.results.length === 0 ? <p>Try a greater distance or fewer filters.</p> : null}
      <ResultsMap origin={origin} results={page.results} />
      <ol className="practitioner-results">
        {page.results.map((result, i) => (
          <Result key={result.listing.id} result={result} country={origin.country} number={i + 1} />
        ))}
      </ol>
      {page.next ? (
        <nav className="pagination" aria-label="More results">
          <a rel="next" href={searchHref(typed, { after: afterParam(page.next) })}>
            Next page
          </a>
        </nav>
      ) : null}
    </section>
  );
}
