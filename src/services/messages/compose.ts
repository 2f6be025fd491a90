/**
 * A bulk message as staff write it (checked, every problem named beside its field) and as each
 * reader gets it: the body's HTML and text inside the society's frame, with the reason they got it
 * and the links that unsubscribe them from the topic or let them choose all their topics. No
 * tracking pixel and no rewritten links: what staff link to is what the reader's client opens.
 */
import * as z from "zod";
import { AUDIENCE_STATES, MAX_FILTER_VALUES, type Audience, type AudienceChoices, type MessageTopic } from "../../domain/member-messages";
import { isCountryCode } from "../../shared/countries";
import { isOneLine } from "../../shared/plain-text";
import { blocksToHtml, blocksToText, escapeHtml, readMarkup } from "./markup";

export interface DraftProblem {
  field: "subject" | "preheader" | "body" | "topic" | "audience" | "countries" | "regions" | "specialisations" | "joinedFrom" | "joinedBefore" | "eventId" | "scheduledAt";
  message: string;
}

const checkbox = z.literal("on").optional();
/** A filter with several values: one checkbox or option per value, so it arrives as a string or an array. */
const several = z.union([z.string().max(200), z.array(z.string().max(200)).max(1000)]).optional();

/** The compose form's fields as posted (a checkbox list arrives as a string or an array). */
export const DraftForm = z.object({
  subject: z.string().max(2000).default(""),
  preheader: z.string().max(2000).default(""),
  body: z.string().max(100_000).default(""),
  topic: z.string().max(40).default(""),
  membershipTypes: z.union([z.string(), z.array(z.string())]).optional(),
  states: z.union([z.string(), z.array(z.string())]).optional(),
  lapsedWithinMonths: z.string().max(3).optional(),
  noCpdThisYear: checkbox,
  countries: several,
  regions: several,
  specialisations: several,
  joinedFrom: z.string().max(40).optional(),
  joinedBefore: z.string().max(40).optional(),
  eventId: z.string().max(100).optional(),
});
export type DraftInput = z.input<typeof DraftForm>;

const list = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((v) => v !== "");

/** A form field's text, or null when it was left empty. */
const chosen = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** "2026-03-01": the day, or null when it is not a real one. */
function readDay(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? text : null;
}

/** The stored audience as the form posts it, to check a saved draft again before it is sent. */
export function audienceForm(audience: Audience): Partial<z.input<typeof DraftForm>> {
  return {
    membershipTypes: audience.membershipTypes,
    states: audience.states,
    lapsedWithinMonths: audience.lapsedWithinMonths?.toString() ?? "",
    noCpdThisYear: audience.noCpdThisYear ? "on" : undefined,
    countries: audience.countries,
    regions: audience.regions,
    specialisations: audience.specialisations,
    joinedFrom: audience.joinedFrom ?? "",
    joinedBefore: audience.joinedBefore ?? "",
    eventId: audience.eventId ?? "",
  };
}

/** The values of a filter with several, each once, without empty ones. */
const values = (value: string | string[] | undefined) => [...new Set(list(value).map((v) => v.trim()).filter((v) => v !== ""))];

/** The filters on where members are, what they do, when they joined and what they booked: each checked against what exists. */
function checkFacts(input: z.output<typeof DraftForm>, choices: AudienceChoices, problems: DraftProblem[]) {
  const tooMany = (field: "countries" | "regions" | "specialisations", picked: string[]) => {
    if (picked.length > MAX_FILTER_VALUES) problems.push({ field, message: `Choose at most ${MAX_FILTER_VALUES}, or none for all` });
    return picked.slice(0, MAX_FILTER_VALUES);
  };
  const countryTexts = values(input.countries).map((c) => c.toUpperCase());
  if (countryTexts.some((c) => !isCountryCode(c))) problems.push({ field: "countries", message: "Choose the countries from the list" });
  const countries = tooMany("countries", countryTexts.filter(isCountryCode));
  // Regions are offered as the members' addresses name them; one typed by hand (an older page) must still be one line.
  const regionTexts = values(input.regions);
  const regionOk = (r: string) => r.length <= 100 && isOneLine(r);
  if (regionTexts.some((r) => !regionOk(r))) problems.push({ field: "regions", message: "Choose the regions from the list" });
  const regions = tooMany("regions", regionTexts.filter(regionOk));
  const specialisationTexts = values(input.specialisations);
  if (specialisationTexts.some((s) => !choices.specialisations.includes(s))) problems.push({ field: "specialisations", message: "Choose the specialisations from the list" });
  const specialisations = tooMany("specialisations", specialisationTexts.filter((s) => choices.specialisations.includes(s)));
  const day = (field: "joinedFrom" | "joinedBefore") => {
    const text = chosen(input[field]);
    const value = text === null ? null : readDay(text);
    if (text !== null && value === null) problems.push({ field, message: "Enter a date like 2024-01-31" });
    return value;
  };
  const joinedFrom = day("joinedFrom");
  const joinedBefore = day("joinedBefore");
  if (joinedFrom !== null && joinedBefore !== null && joinedFrom >= joinedBefore) {
    problems.push({ field: "joinedBefore", message: "The \"joined before\" date must be after the \"joined on or after\" date" });
  }
  const eventText = chosen(input.eventId);
  const eventId = eventText !== null && choices.events.some((e) => e.id === eventText) ? eventText : null;
  if (eventText !== null && eventId === null) problems.push({ field: "eventId", message: "Choose the event from the list" });
  return { countries, regions, specialisations, joinedFrom, joinedBefore, eventId };
}

export interface CheckedDraft {
  subject: string;
  preheader: string;
  body: string;
  topic: string;
  audience: Audience;
  bodyHtml: string;
  bodyText: string;
  /** Problems that stop it being sent; a draft is saved with them so nothing typed is lost. */
  problems: DraftProblem[];
}

/** Reads the form; whatever is wrong is listed, and the draft still holds everything typed. */
export function checkDraft(input: z.output<typeof DraftForm>, topics: readonly MessageTopic[], choices: AudienceChoices, siteUrl: string): CheckedDraft {
  const { membershipTypes } = choices;
  const problems: DraftProblem[] = [];
  const subject = input.subject.trim();
  const preheader = input.preheader.trim();
  if (subject === "") problems.push({ field: "subject", message: "Enter a subject" });
  else if (subject.length > 150) problems.push({ field: "subject", message: "The subject must be 150 characters or fewer" });
  else if (!isOneLine(subject)) problems.push({ field: "subject", message: "The subject must be one line, without tabs or control characters" });
  if (preheader.length > 200) problems.push({ field: "preheader", message: "The preheader must be 200 characters or fewer" });
  else if (!isOneLine(preheader)) problems.push({ field: "preheader", message: "The preheader must be one line, without tabs or control characters" });
  const read = readMarkup(input.body, siteUrl);
  if (read.blocks.length === 0 && read.problems.length === 0) problems.push({ field: "body", message: "Write the message's body" });
  for (const problem of read.problems) problems.push({ field: "body", message: `Line ${problem.line}: ${problem.message}` });
  const topic = topics.find((t) => t.slug === input.topic)?.slug ?? "";
  if (topic === "") problems.push({ field: "topic", message: "Choose the topic readers consented to" });
  const types = list(input.membershipTypes);
  const unknownType = types.find((t) => !membershipTypes.includes(t));
  if (unknownType) problems.push({ field: "audience", message: `"${unknownType}" is not a membership type` });
  const states = list(input.states);
  const unknownState = states.find((s) => !(AUDIENCE_STATES as readonly string[]).includes(s));
  if (unknownState) problems.push({ field: "audience", message: `"${unknownState}" is not a membership state` });
  const months = input.lapsedWithinMonths?.trim() ?? "";
  const lapsedWithinMonths = months === "" ? null : Number(months);
  if (lapsedWithinMonths !== null && !(Number.isInteger(lapsedWithinMonths) && lapsedWithinMonths >= 1 && lapsedWithinMonths <= 120)) {
    problems.push({ field: "audience", message: "Lapsed within must be a whole number of months from 1 to 120" });
  }
  const facts = checkFacts(input, choices, problems);
  return {
    subject: subject.slice(0, 150),
    preheader: preheader.slice(0, 200),
    body: input.body,
    topic: topic || topics[0]?.slug || "newsletter",
    audience: {
      membershipTypes: types.filter((t) => membershipTypes.includes(t)),
      states: states.filter((s): s is Audience["states"][number] => (AUDIENCE_STATES as readonly string[]).includes(s)),
      lapsedWithinMonths: lapsedWithinMonths !== null && Number.isInteger(lapsedWithinMonths) && lapsedWithinMonths >= 1 && lapsedWithinMonths <= 120 ? lapsedWithinMonths : null,
      noCpdThisYear: input.noCpdThisYear === "on",
      ...facts,
    },
    bodyHtml: blocksToHtml(read.blocks),
    bodyText: blocksToText(read.blocks),
    problems,
  };
}

export interface FrameInput {
  subject: string;
  preheader: string;
  bodyHtml: string;
  bodyText: string;
  siteName: string;
  topic: MessageTopic;
  /** Signed links for this reader: leave the topic, and choose every topic. */
  unsubscribeUrl: string;
  preferencesUrl: string;
}

/** The reader's e-mail: the body inside the society's frame, with why they got it and how to stop. */
export function frameMessage(input: FrameInput): { html: string; text: string } {
  const why = `You are receiving this because you chose to get "${input.topic.label}" from ${input.siteName}.`;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(input.preheader)}</span>
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="font-size:14px;color:#52525b;margin:0 0 16px">${escapeHtml(input.siteName)}</p>
${input.bodyHtml}
<hr style="border:0;border-top:1px solid #e4e4e7;margin:32px 0 16px">
<p style="font-size:13px;color:#52525b;line-height:1.5">${escapeHtml(why)}<br>
<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#52525b">Unsubscribe from ${escapeHtml(input.topic.label)}</a> ·
<a href="${escapeHtml(input.preferencesUrl)}" style="color:#52525b">Choose what you get</a></p>
</div></body></html>`;
  const text = `${input.siteName}\n\n${input.bodyText}\n\n---\n${why}\nUnsubscribe from ${input.topic.label}: ${input.unsubscribeUrl}\nChoose what you get: ${input.preferencesUrl}\n`;
  return { html, text };
}
