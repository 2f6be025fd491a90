/**
 * The door's check-in page on a phone (/staff/events/{id}/check-in), better with JavaScript:
 * - the camera reads tickets' QR codes wherever the browser can open one (see check-in/scanner.ts);
 * - names are found as they are typed, from the attendee list the page carries, even offline;
 * - every check-in (scanned, typed or picked by name) joins this phone's list, kept in browser
 *   storage, and is sent to the same endpoint the forms post to (asking for JSON), at once or
 *   when the connection returns; each shows as waiting, checked in or refused.
 * Without JavaScript the page's forms do all of this but the camera and the offline list.
 */
import { enqueue, flush, load, save, SENDING, type CheckInAnswer, type QueuedCheckIn, type Send } from "../check-in/queue";
import { canScan, ScannerError, startScanner } from "../check-in/scanner";

type DoorListEntry = [id: string, name: string, ticket: string, checkedInAt: string | null];

/** How many names a search shows at once; the rest are counted, and more letters narrow them. */
const SHOWN = 20;
const STATE_WORDS: Record<QueuedCheckIn["state"], string> = { pending: "Waiting to send", sent: "Sent", refused: "Refused" };

const root = document.querySelector<HTMLElement>("[data-check-in]");
if (root) enhance(root);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function element<T extends HTMLElement>(scope: HTMLElement, selector: string): T {
  const found = scope.querySelector<T>(selector);
  if (!found) throw new Error(`check-in: no ${selector}`);
  return found;
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" });

function enhance(root: HTMLElement): void {
  const action = root.dataset.checkIn!;
  const eventId = root.dataset.eventId!;
  const csrfToken = element<HTMLInputElement>(root, "[data-check-in-code] input[name=csrfToken]").value;
  const doorList = JSON.parse(document.getElementById("check-in-attendees")?.textContent ?? "[]") as DoorListEntry[];
  const live = element(root, "[data-check-in-live]");
  const results = element(root, "[data-check-in-results]");
  const queueSection = element(root, "[data-check-in-queue]");
  const queueList = element<HTMLOListElement>(root, "[data-check-in-queue-list]");
  const codeForm = element<HTMLFormElement>(root, "[data-check-in-code]");
  const codeInput = element<HTMLInputElement>(codeForm, "input[name=code]");
  const searchForm = element<HTMLFormElement>(root, "[data-check-in-search]");
  const searchInput = element<HTMLInputElement>(searchForm, "input[name=q]");
  const items = load(storage(), eventId);
  let sending = false;

  const send: Send = async (item) => {
    if (!navigator.onLine) return "offline";
    const body = new URLSearchParams({ csrfToken, ...(item.code ? { code: item.code } : { attendeeId: item.attendeeId ?? "" }) });
    let response: Response;
    try {
      response = await fetch(action, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
    } catch {
      return "lost";
    }
    const answer = (response.headers.get("Content-Type") ?? "").startsWith("application/json") ? ((await response.json().catch(() => null)) as CheckInAnswer | null) : null;
    return answer && typeof answer.outcome === "string" ? answer : "stale";
  };

  function renderQueue(): void {
    queueSection.hidden = items.length === 0;
    queueList.replaceChildren(
      ...items.map((item) => {
        const li = document.createElement("li");
        li.className = `check-in__item check-in__item--${item.state}`;
        li.dataset.checkInState = item.state;
        const name = document.createElement("span");
        name.className = "check-in__name";
        name.textContent = item.label;
        const state = document.createElement("strong");
        state.className = "check-in__state";
        state.textContent = STATE_WORDS[item.state];
        const message = document.createElement("span");
        message.className = "check-in__message";
        message.textContent = item.message;
        li.append(name, " ", state, " ", message);
        return li;
      }),
    );
  }

  /** The answer names the attendee, not their id: a scanned ticket is matched by name (the first of namesakes not yet in). */
  function markArrived(item: QueuedCheckIn, answer: CheckInAnswer): void {
    const entry = doorList.find(([id, name, , at]) => (item.attendeeId ? id === item.attendeeId : name === answer.name && at === null));
    if (!entry || !answer.checkedInAt) return;
    entry[3] = answer.checkedInAt;
    const arrived = doorList.filter(([, , , at]) => at !== null).length;
    const count = element(root, "[data-check-in-arrived-count]");
    count.textContent = count.textContent!.replace(/^Arrived: \d+/, `Arrived: ${arrived}`);
    const li = document.createElement("li");
    li.textContent = `${entry[1]} ${clock(answer.checkedInAt)}`;
    element(root, "[data-check-in-arrived]").prepend(li);
  }

  function changed(item: QueuedCheckIn, answer: CheckInAnswer | null): void {
    save(storage(), eventId, items);
    renderQueue();
    if (answer?.outcome === "done") markArrived(item, answer);
    if (answer || item.message !== SENDING) live.textContent = `${item.label}: ${item.message}`;
  }

  async function sendAll(): Promise<void> {
    if (sending) return;
    sending = true;
    try {
      await flush(items, send, changed);
    } finally {
      sending = false;
    }
    renderSearch();
  }

  function add(ticket: { code: string } | { attendeeId: string; name: string }): void {
    const item = enqueue(items, ticket);
    if (!item) {
      // The same ticket again: what this phone knows of it (a used ticket is refused without asking).
      const known = items.find((queued) => queued.key === ("code" in ticket ? `code:${ticket.code}` : `id:${ticket.attendeeId}`))!;
      live.textContent = known.state === "sent" ? `${known.label}: Already checked in: this ticket has been used` : `${known.label}: ${known.message}`;
      return;
    }
    changed(item, null);
    void sendAll();
  }

  function renderSearch(): void {
    const typed = searchInput.value.trim().toLowerCase();
    if (!typed) {
      results.replaceChildren();
      return;
    }
    const found = doorList.filter(([, name]) => name.toLowerCase().includes(typed));
    const list = document.createElement("ul");
    list.className = "check-in__list";
    for (const [id, name, ticket, at] of found.slice(0, SHOWN)) {
      const li = document.createElement("li");
      const queued = items.find((item) => item.key === `id:${id}`);
      li.append(Object.assign(document.createElement("span"), { className: "check-in__name", textContent: name }), " ", Object.assign(document.createElement("span"), { className: "check-in__ticket", textContent: ticket }), " ");
      if (at || queued) {
        li.append(Object.assign(document.createElement("span"), { className: "check-in__state", textContent: at ? `Arrived ${clock(at)}` : STATE_WORDS[queued!.state] }));
      } else {
        const button = Object.assign(document.createElement("button"), { type: "button", className: "button button--secondary", textContent: "Check in" });
        button.setAttribute("aria-label", `Check in ${name}`);
        button.addEventListener("click", () => add({ attendeeId: id, name }));
        li.append(button);
      }
      list.append(li);
    }
    const note = document.createElement("p");
    const partial = root.dataset.checkInPartial ? " Press Find to search every attendee." : "";
    note.textContent =
      found.length === 0
        ? `No one ${partial ? "in this page's list" : "booked"} has a name containing “${searchInput.value.trim()}”.${partial}`
        : found.length > SHOWN
          ? `${found.length} names match: the first ${SHOWN} are shown; type more of the name.`
          : partial.trim();
    results.replaceChildren(...(found.length > 0 ? [list] : []), ...(note.textContent ? [note] : []));
  }

  codeForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = codeInput.value.trim();
    if (code) add({ code });
    codeInput.value = "";
    codeInput.focus();
  });
  // When the page carries only some of the attendees, Find still asks the server, which has them all.
  if (!root.dataset.checkInPartial) {
    searchForm.addEventListener("submit", (event) => {
      event.preventDefault();
      renderSearch();
    });
  }
  searchInput.addEventListener("input", renderSearch);
  window.addEventListener("online", () => void sendAll());
  renderQueue();
  void sendAll();
  offerCamera(root, (code) => add({ code }), live);
}

function offerCamera(root: HTMLElement, onCode: (code: string) => void, live: HTMLElement): void {
  if (!canScan()) return;
  const scanner = element(root, "[data-check-in-scanner]");
  const button = element<HTMLButtonElement>(scanner, "[data-check-in-scan]");
  const video = element<HTMLVideoElement>(scanner, "[data-check-in-video]");
  let stop: (() => void) | null = null;
  // The decoder may be fetched first: a second press meanwhile would open a second camera.
  let starting = false;
  scanner.hidden = false;
  button.addEventListener("click", async () => {
    if (starting) return;
    if (stop) {
      stop();
      stop = null;
      video.hidden = true;
      button.textContent = "Scan a ticket with the camera";
      return;
    }
    starting = true;
    try {
      video.hidden = false;
      stop = await startScanner(video, onCode);
      button.textContent = "Stop the camera";
    } catch (error) {
      video.hidden = true;
      live.textContent =
        error instanceof ScannerError && error.reason === "decoder"
          ? "The scanner could not be loaded (is the phone online?): type the ticket's code or find the name instead"
          : "The camera could not be opened: type the ticket's code or find the name instead";
    } finally {
      starting = false;
    }
  });
}
