/** Events and their ticket types (cms/src/api/event). */
import * as z from "zod";
import type { EventFormat, RegistrationQuestion, SocietyEvent, TicketAudience, TicketType } from "../../../domain/events";
import { CPD_MAX_HUNDREDTHS, CPD_MIN_HUNDREDTHS, isCpdCategory } from "../../../domain/cpd";
import { MEDIA_FIELDS } from "../fragments";
import { listPage, PAGE_ARGUMENT, PAGE_VARIABLES, type PageVars, PAGINATION_META, paginationMeta } from "../list-page";
import { defineOperation } from "../operation";
import { media, optionalBoolean, optionalNumber, optionalRichText, optionalString, seo, vatTreatment } from "../schemas";

const media1 = "{ data { attributes { ...MediaFields } } }";

const EVENT_SELECTION = `id attributes {
  documentId name slug summary description startsAt endsAt timeZone format state
  venue { name address mapUrl accessibility travel }
  joiningInstructions joinUrl joinOpensMinutesBefore
  programme(pagination: { limit: -1 }) { title startsAt endsAt room speakers }
  speakers(pagination: { limit: -1 }) { name role biography photo ${media1} }
  cpdHours cpdCategory image ${media1}
  seo { metaTitle metaDescription shareImage ${media1} }
  membersOnly capacity
  ticketTypes(pagination: { limit: -1 }) { code name price vatTreatment audience membershipTypeSlug saleStartsAt saleEndsAt capacity addOn }
  questions(pagination: { limit: -1 }) { code label kind choices required }
  cancellationDays waitlistOfferHours minimumAttendancePercent transferCutoffHours
}`;

const datetime = z.iso.datetime({ offset: true });
const optionalDatetime = datetime.nullish().transform((value) => value ?? null);
const count = optionalNumber.transform((value) => (value === null || value < 0 ? null : Math.floor(value)));

const TicketTypeSchema = z.object({
  code: z.string().regex(/^[a-z0-9-]{1,32}$/),
  name: z.string().min(1),
  price: z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)]),
  vatTreatment,
  // GraphQL enum values cannot hold "-": the CMS stores "signed_in", the domain says "signed-in".
  audience: z.enum(["anyone", "signed_in", "members", "membership_type"]).nullish().transform((value): TicketAudience => (value ? (value.replace("_", "-") as TicketAudience) : "anyone")),
  membershipTypeSlug: optionalString,
  saleStartsAt: optionalDatetime,
  saleEndsAt: optionalDatetime,
  capacity: count,
  addOn: optionalBoolean,
}).transform(({ price, ...rest }): TicketType => ({ ...rest, pence: Math.round(price * 100) }));

const QuestionSchema = z.object({
  code: z.string().regex(/^[a-z0-9-]{1,32}$/),
  label: z.string().min(1),
  kind: z.enum(["dietary", "access", "choice", "text"]).nullish().transform((value) => value ?? "text"),
  choices: optionalString,
  required: optionalBoolean,
}).transform(({ choices, ...rest }): RegistrationQuestion => ({
  ...rest,
  choices: (choices ?? "").split("\n").map((line) => line.trim()).filter(Boolean),
}));

export const EventEntity = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    attributes: z.object({
      documentId: z.string().min(1),
      name: z.string().min(1),
      slug: z.string().min(1),
      summary: optionalString,
      description: optionalRichText,
      startsAt: datetime,
      endsAt: datetime,
      timeZone: optionalString.transform((value) => value ?? "Europe/London"),
      format: z.enum(["in_person", "online", "hybrid"]).transform((value): EventFormat => (value === "in_person" ? "in-person" : value)),
      state: z.enum(["scheduled", "cancelled", "postponed"]).nullish().transform((value) => value ?? "scheduled"),
      venue: z.object({ name: z.string().min(1), address: optionalString, mapUrl: optionalString, accessibility: optionalString, travel: optionalString }).nullish().transform((v) => v ?? null),
      joiningInstructions: optionalString,
      joinUrl: optionalString,
      joinOpensMinutesBefore: count.transform((value) => value ?? 60),
      programme: z.array(z.object({ title: z.string().min(1), startsAt: datetime, endsAt: optionalDatetime, room: optionalString, speakers: optionalString })).nullish().transform((v) => v ?? []),
      speakers: z.array(z.object({ name: z.string().min(1), role: optionalString, biography: optionalString, photo: media })).nullish().transform((v) => v ?? []),
      cpdHours: optionalNumber,
      cpdCategory: optionalString,
      image: media,
      seo,
      membersOnly: optionalBoolean,
      capacity: count,
      ticketTypes: z.array(TicketTypeSchema).nullish().transform((v) => v ?? []),
      questions: z.array(QuestionSchema).nullish().transform((v) => v ?? []),
      cancellationDays: count.transform((value) => value ?? 14),
      waitlistOfferHours: count.transform((value) => Math.max(value ?? 48, 1)),
      minimumAttendancePercent: count.transform((value) => Math.min(Math.max(value ?? 75, 1), 100)),
      transferCutoffHours: count.transform((value) => value ?? 48),
    }),
  })
  // Keyed by the document's lasting id: bookings, places and the waiting list must survive an
  // editor publishing the event again, which gives its published row a new numeric id.
  .transform(({ attributes: { documentId, cpdHours, cpdCategory, ...a } }): SocietyEvent => {
    const hundredths = cpdHours === null ? null : Math.round(cpdHours * 100);
    return {
      ...a,
      id: documentId,
      cpdHoursHundredths: hundredths !== null && hundredths >= CPD_MIN_HUNDREDTHS && hundredths <= CPD_MAX_HUNDREDTHS ? hundredths : null,
      cpdCategory: isCpdCategory(cpdCategory) ? cpdCategory : null,
    };
  });

/** One page of the published events, soonest first (the content service reads every page). */
export const eventsOperation = defineOperation({
  name: "events",
  document: /* GraphQL */ `
    query events(${PAGE_VARIABLES}) {
      events_connection(${PAGE_ARGUMENT}, sort: ["startsAt:asc", "documentId:asc"]) { data { ${EVENT_SELECTION} } ${PAGINATION_META} }
    }
    ${MEDIA_FIELDS}`,
  models: ["event", "file"],
  schema: z.object({ events_connection: z.object({ data: z.array(EventEntity), meta: paginationMeta }) }),
  map: (data, _vars: PageVars) => listPage<SocietyEvent>(data.events_connection.data, data.events_connection.meta),
});
