/**
 * The member's public listing form (/user/practice): what was sent, read into a listing or into
 * problems beside their fields, with everything typed kept for the form shown again.
 */
import * as z from "zod";
import { ACCESS_CHOICES, MAX_LOCATIONS, SEES_CHOICES, type Choice, type PractitionerLists, type TagKind } from "../domain/practitioners";
import { choiceKey } from "./choice-key";

export const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i;
/** A postcode district alone ("EX4", "SW1A"). */
export const UK_POSTCODE_DISTRICT = /^[A-Z]{1,2}\d[A-Z\d]?$/i;

export interface SentLocation {
  name: string;
  address: string;
  town: string;
  postcode: string;
  phone: string;
  website: string;
  bookingUrl: string;
  lat: string;
  lng: string;
}

/** What the form holds, as typed (for showing it again). */
export interface SentPractice {
  listed: boolean;
  displayName: string;
  professionalTitle: string;
  bio: string;
  languages: string;
  chosen: Record<Exclude<TagKind, "language">, string[]>;
  locations: SentLocation[];
}

export interface ParsedLocation {
  name: string;
  address: string;
  town: string;
  postcode: string | null;
  phone: string | null;
  website: string | null;
  bookingUrl: string | null;
  /** The member's own position for the practice, or null to place it at its town. */
  position: { lat: number; lng: number } | null;
}

export interface ParsedPractice {
  listed: boolean;
  displayName: string;
  professionalTitle: string | null;
  bio: string | null;
  locations: ParsedLocation[];
  tags: Record<TagKind, Choice[]>;
}

export interface FieldProblem {
  field: string;
  message: string;
}

const LOCATION_FIELDS = ["name", "address", "town", "postcode", "phone", "website", "bookingUrl", "lat", "lng"] as const;
export const locationField = (index: number, field: (typeof LOCATION_FIELDS)[number]) => `location${index}-${field}`;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const list = (value: unknown): string[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === "string");

/** Reads the body (parsed with `all: true`, so repeated checkboxes are arrays) as typed. */
export function sentPractice(body: Record<string, unknown>): SentPractice {
  const locations: SentLocation[] = [];
  for (let i = 0; i < MAX_LOCATIONS; i++) {
    locations.push(Object.fromEntries(LOCATION_FIELDS.map((field) => [field, text(body[locationField(i, field)])])) as unknown as SentLocation);
  }
  return {
    listed: body.listed === "on",
    displayName: text(body.displayName),
    professionalTitle: text(body.professionalTitle),
    bio: text(body.bio).replace(/\r\n/g, "\n"),
    languages: text(body.languages),
    chosen: { service: list(body.service), condition: list(body.condition), appointment: list(body.appointment), sees: list(body.sees), access: list(body.access) },
    locations,
  };
}

const httpsUrl = z.url({ protocol: /^https?$/, error: "Enter a full web address starting with https://" }).max(300, "Enter a web address of at most 300 characters");
const coordinate = (min: number, max: number) => (value: string) => {
  if (!/^-?\d{1,3}(\.\d{1,7})?$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
};

/** The listing, or the problems beside the fields that caused them. */
export function parsePractice(sent: SentPractice, lists: PractitionerLists): { ok: true; practice: ParsedPractice } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const need = (ok: boolean, field: string, message: string) => ok || problems.push({ field, message });

  need(sent.displayName.length > 0, "displayName", "Enter the name patients will see");
  need(sent.displayName.length <= 120, "displayName", "Enter a name of at most 120 characters");
  need(sent.professionalTitle.length <= 120, "professionalTitle", "Enter a title of at most 120 characters");
  need(sent.bio.length <= 1500, "bio", `Shorten your biography to 1,500 characters (it has ${sent.bio.length.toLocaleString("en-GB")})`);

  const languages = sent.languages
    .split(",")
    .map((l) => l.trim())
    .filter(Boolean);
  need(languages.length <= 10, "languages", "List at most 10 languages");
  need(
    languages.every((l) => l.length <= 40 && /^[\p{L} '-]+$/u.test(l)),
    "languages",
    "Write each language in letters, separated by commas, for example English, Welsh",
  );

  const pick = (kind: Exclude<TagKind, "language">, field: string, choices: readonly Choice[]): Choice[] => {
    const chosen = choices.filter((choice) => sent.chosen[kind].includes(choice.value));
    need(chosen.length === new Set(sent.chosen[kind]).size, field, "Choose only from the list");
    return chosen;
  };
  const tags: Record<TagKind, Choice[]> = {
    service: pick("service", "service", lists.services),
    condition: pick("condition", "condition", lists.conditions),
    appointment: pick("appointment", "appointment", lists.appointments),
    sees: pick("sees", "sees", SEES_CHOICES),
    access: pick("access", "access", ACCESS_CHOICES),
    language: [...new Map(languages.map((label) => [choiceKey(label), { value: choiceKey(label), label }])).values()],
  };

  const locations: ParsedLocation[] = [];
  sent.locations.forEach((loc, i) => {
    const field = (name: (typeof LOCATION_FIELDS)[number]) => locationField(i, name);
    if (!LOCATION_FIELDS.some((name) => loc[name] !== "")) return;
    need(loc.name.length > 0 && loc.name.length <= 120, field("name"), "Enter the practice's name (at most 120 characters)");
    need(loc.address.length > 0 && loc.address.length <= 300, field("address"), "Enter the practice's street address (at most 300 characters)");
    need(loc.town.length > 0 && loc.town.length <= 80, field("town"), "Enter the town the practice is in (at most 80 characters)");
    need(loc.postcode === "" || UK_POSTCODE.test(loc.postcode), field("postcode"), "Enter a UK postcode, like EX4 3SR, or leave it empty");
    need(loc.phone === "" || /^\+?[\d ()-]{6,25}$/.test(loc.phone), field("phone"), "Enter a phone number in digits, like 01392 000000");
    for (const name of ["website", "bookingUrl"] as const) need(loc[name] === "" || httpsUrl.safeParse(loc[name]).success, field(name), "Enter a full web address starting with https://");
    const lat = loc.lat === "" ? null : coordinate(-90, 90)(loc.lat);
    const lng = loc.lng === "" ? null : coordinate(-180, 180)(loc.lng);
    need(loc.lat === "" || lat !== null, field("lat"), "Enter the latitude as a number of degrees, like 50.7236");
    need(loc.lng === "" || lng !== null, field("lng"), "Enter the longitude as a number of degrees, like -3.5275");
    need((loc.lat === "") === (loc.lng === ""), field(loc.lat === "" ? "lat" : "lng"), "Enter both the latitude and the longitude, or neither");
    locations.push({
      name: loc.name,
      address: loc.address,
      town: loc.town,
      postcode: loc.postcode ? loc.postcode.toUpperCase() : null,
      phone: loc.phone || null,
      website: loc.website || null,
      bookingUrl: loc.bookingUrl || null,
      position: lat !== null && lng !== null ? { lat, lng } : null,
    });
  });
  need(!sent.listed || locations.length > 0, locationField(0, "name"), "Add at least one practice so patients can find you");

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    practice: { listed: sent.listed, displayName: sent.displayName, professionalTitle: sent.professionalTitle || null, bio: sent.bio || null, locations, tags },
  };
}
