/**
 * A freed place offered the moment it is freed (issue 27; docs/decisions/0079). A place held for
 * the cart, for a checkout or for a waiting-list offer frees itself when its hold runs out, with
 * nothing written at that moment, so nothing would tell the waiting list until the ten-minute
 * sweep. Each hold therefore schedules a check of its event's list for just after it ends: a
 * message on the jobs queue, delayed until then.
 *
 * Cloudflare Queues delay a message by at most 12 hours. A longer hold (a bank-transfer order's,
 * a two-day offer) sends its check with the hold's end: arriving early, the check sends itself on
 * again. A check that finds nothing freed (the hold was paid for, or extended) does nothing. A
 * failed send is logged, never the booking's failure: the sweep stays the safety net.
 */
import type { Logger } from "../../log";

/** The longest a queue message may be delayed (Cloudflare Queues' limit). */
export const MAX_DELAY_SECONDS = 12 * 60 * 60;
/** A check runs a moment after the hold's end, so that the hold has certainly run out when it looks. */
const AFTER_END_SECONDS = 2;

/** A scheduled check of one event's waiting list; `notBefore` when the hold ends later than the longest delay. */
export interface PlaceCheck {
  eventId: string;
  notBefore?: string;
}

export interface PlaceCheckDeps {
  send: (check: PlaceCheck, delaySeconds: number) => Promise<void>;
  log: Logger;
}

export type PlaceChecks = ReturnType<typeof createPlaceChecks>;

export function createPlaceChecks(deps: PlaceCheckDeps) {
  return {
    /** Schedules a check of each event's waiting list for when holds ending at `endsAt` have run out. Never throws. */
    async whenHoldEnds(eventIds: readonly string[], endsAt: string, now: Date): Promise<void> {
      const seconds = Math.max(0, Math.ceil((Date.parse(endsAt) - now.getTime()) / 1000)) + AFTER_END_SECONDS;
      for (const eventId of new Set(eventIds)) {
        try {
          await deps.send(seconds > MAX_DELAY_SECONDS ? { eventId, notBefore: endsAt } : { eventId }, Math.min(seconds, MAX_DELAY_SECONDS));
        } catch (error) {
          deps.log.warn("events.place_check_not_scheduled", { eventId, endsAt, error, next: "the ten-minute sweep offers the place" });
        }
      }
    },
  };
}

/**
 * A check arriving: true when it is due (the waiting list is to be offered the freed places now);
 * false when it came early for a hold longer than the longest delay, and has been sent on.
 */
export async function placeCheckDue(checks: PlaceChecks, check: PlaceCheck, now: Date): Promise<boolean> {
  if (check.notBefore === undefined || Date.parse(check.notBefore) <= now.getTime()) return true;
  await checks.whenHoldEnds([check.eventId], check.notBefore, now);
  return false;
}
