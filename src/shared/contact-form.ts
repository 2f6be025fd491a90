/** The contact form on a practitioner's profile: limits, and problems beside their fields. */
import * as z from "zod";

export const CONTACT_LIMITS = { name: 100, email: 254, message: 2000, messageMin: 20 } as const;

/** How long a message sent without the bot check waits for its writer to confirm it by e-mail. */
export const HELD_CONTACT_HOURS = 48;

export interface SentContact {
  name: string;
  email: string;
  message: string;
  token: string;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export const sentContact = (body: Record<string, unknown>): SentContact => ({
  name: text(body.name),
  email: text(body.email),
  message: text(body.message).replace(/\r\n/g, "\n"),
  // Turnstile's widget puts its token in this field.
  token: text(body["cf-turnstile-response"]),
});

const email = z.email();

export function contactProblems(sent: SentContact): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (!sent.name) problems.push({ field: "name", message: "Enter your name" });
  else if (sent.name.length > CONTACT_LIMITS.name) problems.push({ field: "name", message: `Enter a name of at most ${CONTACT_LIMITS.name} characters` });
  if (!sent.email || sent.email.length > CONTACT_LIMITS.email || !email.safeParse(sent.email).success) {
    problems.push({ field: "email", message: "Enter your e-mail address, like name@example.com, so they can answer you" });
  }
  if (sent.message.length < CONTACT_LIMITS.messageMin) problems.push({ field: "message", message: `Write a message of at least ${CONTACT_LIMITS.messageMin} characters` });
  else if (sent.message.length > CONTACT_LIMITS.message) {
    problems.push({ field: "message", message: `Shorten your message to ${CONTACT_LIMITS.message.toLocaleString("en-GB")} characters (it has ${sent.message.length.toLocaleString("en-GB")})` });
  }
  return problems;
}
