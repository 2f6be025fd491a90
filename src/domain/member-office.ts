/**
 * The membership office: what staff change on a member's record by hand
 * (services/membership/member-office.ts). Types only.
 */
import type { Honour } from "./membership";

/** A note staff keep on a member: dated, by whom, never shown to the member. */
export interface MemberNote {
  id: string;
  userId: string;
  body: string;
  staffEmail: string;
  createdAt: string;
}

/** One change of a member's standing, as a staff form asks for it (each with its reason). */
export type StandingChange =
  | { kind: "honour"; honour: Honour; reason: string }
  | { kind: "concession"; pence: number; until: string; reason: string }
  | { kind: "end-concession"; reason: string }
  | { kind: "suspend"; on: string; reason: string }
  | { kind: "strike-off"; on: string; reason: string }
  | { kind: "reinstate"; reason: string }
  | { kind: "extend"; days: number; reason: string };

export type StandingChangeKind = StandingChange["kind"];

/**
 * What an office action did: done; stale (another staff member changed the record since the form
 * was opened: nothing was saved); refused (the rule says no, with the field and why).
 */
export type OfficeOutcome = { kind: "done" } | { kind: "stale" } | { kind: "refused"; field: string; message: string };
