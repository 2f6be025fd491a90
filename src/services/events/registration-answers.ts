/**
 * An attendee's answers to the event's registration questions: each required question answered,
 * a choice among its options. One rule for booking a place and for passing it to someone else.
 */
import type { SocietyEvent } from "../../domain/events";
import type { BookingErrors } from "../../shared/event-booking-form";

/** Problems with one attendee's answers, each beside its field (`{prefix}q.{code}`). */
export function answerProblems(event: SocietyEvent, answers: Readonly<Record<string, string>>, prefix: string): BookingErrors {
  const errors: BookingErrors = {};
  for (const question of event.questions) {
    const answer = answers[question.code];
    if (question.required && !answer) errors[`${prefix}q.${question.code}`] = `Answer “${question.label}”`;
    else if (answer && question.kind === "choice" && question.choices.length > 0 && !question.choices.includes(answer)) {
      errors[`${prefix}q.${question.code}`] = `Choose one of the options for “${question.label}”`;
    }
  }
  return errors;
}

/** The answers to this event's questions only (a form may carry others). */
export const eventAnswers = (event: SocietyEvent, answers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(event.questions.flatMap((q) => (answers[q.code] ? [[q.code, answers[q.code]!]] : [])));
