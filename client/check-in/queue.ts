/**
 * The door's check-ins on this phone, kept in browser storage (one list per event) so that one
 * made without a connection survives a reload and is sent when the connection returns. Each is
 * pending until the server answers, then sent or refused with the server's own words.
 *
 * Sending again is safe: the server checks a ticket in once. Its "already checked in" is ambiguous
 * only for a check-in whose earlier send went out and got no answer (the connection dropped on
 * the way back): that one may have been ours, so it counts as sent, with the time the server gives.
 */
import { STORAGE_KEYS } from "../../src/shared/storage-keys";

export type CheckInState = "pending" | "sent" | "refused";

export interface QueuedCheckIn {
  /** "code:<ticket code>" or "id:<attendee id>": the same ticket is queued once. */
  key: string;
  code?: string;
  attendeeId?: string;
  /** The attendee's name when known (picked by name, or once the server has answered), else the code's end. */
  label: string;
  state: CheckInState;
  message: string;
  /** A send went out without an answer coming back: the server may have checked it in already. */
  unanswered: boolean;
}

/** The server's JSON answer to one check-in (routes/staff-events.tsx). */
export interface CheckInAnswer {
  outcome: "done" | "already" | "other-event" | "not-booked" | "unknown";
  name: string | null;
  checkedInAt: string | null;
  message: string;
}

/**
 * Sends one check-in: the server's answer; "offline" when nothing went out (no connection);
 * "lost" when the request went out and no answer came back; "stale" when the server answered
 * but not with an outcome (the sign-in or the form's token expired: nothing was checked in).
 */
export type Send = (item: QueuedCheckIn) => Promise<CheckInAnswer | "offline" | "lost" | "stale">;

/** A new check-in's words until its first answer (not announced: the answer follows at once when online). */
export const SENDING = "Sending…";
const WAITING = "Saved on this phone: it will be sent when the connection returns";
const STALE = "Not sent: reload this page (your sign-in or the page may have expired), then it will be sent";

export const storageKey = (eventId: string) => `${STORAGE_KEYS.checkIns}.${eventId}`;

export function load(storage: Storage | null, eventId: string): QueuedCheckIn[] {
  try {
    const stored = JSON.parse(storage?.getItem(storageKey(eventId)) ?? "[]") as unknown;
    return Array.isArray(stored) ? stored.filter((item): item is QueuedCheckIn => typeof item?.key === "string" && typeof item?.state === "string") : [];
  } catch {
    return [];
  }
}

export function save(storage: Storage | null, eventId: string, items: readonly QueuedCheckIn[]): void {
  try {
    storage?.setItem(storageKey(eventId), JSON.stringify(items));
  } catch {
    // Storage full or refused (private browsing): the list still works until the page closes.
  }
}

/** A new pending check-in, or null when this ticket is already on the list (its entry stands). */
export function enqueue(items: QueuedCheckIn[], ticket: { code: string } | { attendeeId: string; name: string }): QueuedCheckIn | null {
  const key = "code" in ticket ? `code:${ticket.code}` : `id:${ticket.attendeeId}`;
  if (items.some((item) => item.key === key)) return null;
  const item: QueuedCheckIn =
    "code" in ticket
      ? { key, code: ticket.code, label: `Ticket …${ticket.code.slice(-6)}`, state: "pending", message: SENDING, unanswered: false }
      : { key, attendeeId: ticket.attendeeId, label: ticket.name, state: "pending", message: SENDING, unanswered: false };
  items.unshift(item);
  return item;
}

/** Records the server's answer on the item. */
export function settle(item: QueuedCheckIn, answer: CheckInAnswer): void {
  if (answer.name) item.label = answer.name;
  const ours = answer.outcome === "already" && item.unanswered;
  item.state = answer.outcome === "done" || ours ? "sent" : "refused";
  item.message = ours ? `Checked in: ${answer.name ?? item.label}` : answer.message;
  item.unanswered = false;
}

/**
 * Sends the pending check-ins, oldest first, one at a time; stops at the first that cannot be
 * sent (no connection, or a page to reload). `changed` runs whenever an item changes (also just
 * before its send goes out, so a page closed mid-send remembers it may have arrived), so the list
 * on screen and in storage follow.
 */
export async function flush(items: QueuedCheckIn[], send: Send, changed: (item: QueuedCheckIn, answer: CheckInAnswer | null) => void): Promise<void> {
  for (const item of [...items].reverse()) {
    if (item.state !== "pending") continue;
    const before = item.unanswered;
    item.unanswered = true;
    changed(item, null);
    const answer = await send(item);
    if (answer === "offline" || answer === "lost") {
      if (answer === "offline") item.unanswered = before;
      item.message = WAITING;
      changed(item, null);
      return;
    }
    if (answer === "stale") {
      item.unanswered = before;
      item.message = STALE;
      changed(item, null);
      return;
    }
    // An answer now: "already" was ours only if an earlier send went unanswered.
    item.unanswered = before;
    settle(item, answer);
    changed(item, answer);
  }
}
