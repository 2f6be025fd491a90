/**
 * The event booking form (one buyer, up to MAX_ATTENDEES people): each attendee's ticket, name,
 * e-mail, add-ons and answers, as flat form fields (`a0.name`, `a0.ticket`, `a0.addon.dinner`,
 * `a0.q.dietary`) so it works without JavaScript. Shape only here; which tickets and answers are
 * allowed is the event's (services/events/booking.ts).
 */
import * as z from "zod";
import { isOneLine, oneLineMessage } from "./plain-text";

export const MAX_ATTENDEES = 8;

export interface AttendeeForm {
  ticket: string;
  name: string;
  email: string;
  addOns: string[];
  answers: Record<string, string>;
}

/** Field name -> the problem, beside that field. */
export type BookingErrors = Partial<Record<string, string>>;

const Name = z.string().trim().min(1, { error: "Enter the attendee's name" }).max(120, { error: "A name must be 120 characters or fewer" }).refine(isOneLine, { error: oneLineMessage("the name") });
const Email = z.email({ error: "Enter the attendee's e-mail address, like name@example.org" }).max(254);
const CODE = /^[a-z0-9-]{1,32}$/;

/** How many attendees the form is for (`places`), 1 to MAX_ATTENDEES. */
export function placesCount(raw: unknown): number {
  const n = typeof raw === "string" ? Number.parseInt(raw, 10) : NaN;
  return Number.isInteger(n) ? Math.min(Math.max(n, 1), MAX_ATTENDEES) : 1;
}

/** The attendees as typed, and the problems of shape (each beside its field). */
export function readBookingForm(body: Record<string, unknown>): { attendees: AttendeeForm[]; errors: BookingErrors } {
  const count = placesCount(body["places"]);
  const errors: BookingErrors = {};
  const text = (key: string) => (typeof body[key] === "string" ? (body[key] as string) : "");
  const attendees: AttendeeForm[] = [];
  for (let i = 0; i < count; i += 1) {
    const prefix = `a${i}.`;
    const name = Name.safeParse(text(`${prefix}name`));
    if (!name.success) errors[`${prefix}name`] = name.error.issues[0]?.message;
    const email = Email.safeParse(text(`${prefix}email`).trim());
    if (!email.success) errors[`${prefix}email`] = email.error.issues[0]?.message;
    const ticket = text(`${prefix}ticket`);
    if (!CODE.test(ticket)) errors[`${prefix}ticket`] = "Choose a ticket";
    const addOns: string[] = [];
    const answers: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (typeof value !== "string" || !key.startsWith(prefix)) continue;
      const rest = key.slice(prefix.length);
      if (rest.startsWith("addon.") && CODE.test(rest.slice(6)) && value !== "") addOns.push(rest.slice(6));
      if (rest.startsWith("q.") && CODE.test(rest.slice(2))) {
        const answer = value.trim().slice(0, 500);
        if (!isOneLine(answer)) errors[key] = oneLineMessage("the answer");
        else if (answer !== "") answers[rest.slice(2)] = answer;
      }
    }
    attendees.push({ ticket, name: name.success ? name.data : text(`${prefix}name`), email: email.success ? email.data.toLowerCase() : text(`${prefix}email`), addOns, answers });
  }
  return { attendees, errors };
}
