/**
 * The consents cell of an import row: names separated by semicolons, each with the day it was
 * given when the old system recorded it ("newsletter:2024-03-01; events-near-me"). Consent must be
 * provable, so a date that is not a day, or is after the day of the import, is refused rather
 * than guessed; a consent without a date is dated by the import itself.
 */
import { readDay } from "./dates";

const CONSENT = /^[a-z0-9][a-z0-9_-]{0,39}$/;

type Problem = (column: string, message: string) => void;

export function readConsents(cell: string, today: string, problem: Problem): { consents: string[]; consentsGiven: { name: string; date: string }[] } {
  const given = new Map<string, string | null>();
  for (const part of cell.split(";")) {
    const [rawName = "", ...rest] = part.split(":");
    const name = rawName.trim().toLowerCase();
    const dateText = rest.join(":").trim();
    if (name === "" && dateText === "") continue;
    if (!CONSENT.test(name)) {
      problem("consents", `"${part.trim()}" is not a consent name: use short names separated by semicolons, like newsletter;directory`);
      continue;
    }
    let date: string | null = null;
    if (dateText !== "") {
      const day = readDay(dateText);
      if (!day.ok) problem("consents", `The date of consent "${name}" ${day.problem}`);
      else if (day.day > today) problem("consents", `The date of consent "${name}" (${day.day}) is in the future: give the day it was given`);
      else date = day.day;
    }
    // The same consent twice: the earliest day it was given stands.
    const earlier = given.get(name);
    given.set(name, earlier && date ? (earlier < date ? earlier : date) : (earlier ?? date));
  }
  return {
    consents: [...given.keys()],
    consentsGiven: [...given].flatMap(([name, date]) => (date === null ? [] : [{ name, date }])),
  };
}
