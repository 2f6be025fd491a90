/**
 * The compose form of /staff/messages saves itself while JavaScript is on: a few seconds after
 * typing stops, and when the page is left or hidden. Each save posts the form exactly as its
 * "Save draft" button does (the same address, CSRF token and checks), asking for JSON, with the
 * draft's version: a save made from a page that another tab or a colleague has since overtaken is
 * refused and said so, never written over the newer words. The outcome is read out politely
 * ("Saved at 10:42", "Not saved: …"). Without JavaScript nothing changes: "Save draft" saves.
 */

/** How long typing must pause before the draft is saved. */
const QUIET_MS = 3000;

interface SavedAnswer {
  id: string;
  version: number;
  savedAt: string;
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" });

const form = document.querySelector<HTMLFormElement>("form[data-message-autosave]");
if (form) autosave(form);

function autosave(form: HTMLFormElement): void {
  const found = { status: form.querySelector<HTMLElement>("[data-autosave-status]"), version: form.querySelector<HTMLInputElement>('input[name="version"]') };
  if (!found.status || !found.version) return;
  const { status, version } = found as { status: HTMLElement; version: HTMLInputElement };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  /** Typed since the last save began. */
  let changed = false;
  /** A refusal that saving again would only repeat (overtaken, the form expired): the buttons take over. */
  let stopped = false;
  let submitting = false;

  const show = (text: string) => {
    status.textContent = text;
  };

  // Read the attribute: `form.action` is the buttons named "action", not the form's address.
  const address = () => new URL(form.getAttribute("action") ?? location.pathname, location.href);

  function body(): URLSearchParams {
    const data = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") data.append(name, value);
    data.set("action", "save");
    return data;
  }

  async function send(keepalive: boolean): Promise<void> {
    changed = false;
    let response: Response;
    try {
      response = await fetch(address(), { method: "POST", body: body(), credentials: "same-origin", headers: { Accept: "application/json" }, keepalive });
    } catch {
      changed = true;
      show("Not saved: the connection was lost. It is tried again when you next type; Save draft also saves it.");
      return;
    }
    const answer = (response.headers.get("Content-Type") ?? "").startsWith("application/json") ? ((await response.json().catch(() => null)) as unknown) : null;
    if (response.ok && isSaved(answer)) {
      version.value = String(answer.version);
      const path = `/staff/messages/${encodeURIComponent(answer.id)}`;
      // A new message became a draft: later saves, and the buttons, change that draft.
      if (address().pathname !== path) {
        form.setAttribute("action", path);
        history.replaceState(history.state, "", path);
      }
      show(`Saved at ${clock(answer.savedAt)}`);
      return;
    }
    const reason = errorMessage(answer) ?? `the site answered ${response.status}`;
    if (response.status >= 400 && response.status < 500) stopped = true;
    else changed = true;
    show(response.status === 409 ? `Not saved: ${reason} Reload the page to see it, after copying anything you want to keep.` : `Not saved: ${reason}`);
  }

  function save(keepalive = false): void {
    clearTimeout(timer);
    if (stopped || submitting) return;
    if (inFlight) {
      // One save at a time, so their versions follow each other; what was typed meanwhile goes next.
      changed = true;
      return;
    }
    inFlight = send(keepalive).finally(() => {
      inFlight = null;
      if (changed && !stopped && !submitting) timer = setTimeout(save, QUIET_MS);
    });
  }

  const typed = () => {
    if (stopped) return;
    changed = true;
    clearTimeout(timer);
    timer = setTimeout(save, QUIET_MS);
  };
  form.addEventListener("input", typed);
  form.addEventListener("change", typed);

  form.addEventListener("submit", (event) => {
    clearTimeout(timer);
    if (inFlight) {
      // Wait for the save on its way (it may be creating the draft the button must change).
      event.preventDefault();
      const submitter = event.submitter;
      void inFlight.then(() => form.requestSubmit(submitter instanceof HTMLElement ? submitter : null));
      return;
    }
    submitting = true;
  });

  const leaving = () => {
    if (changed) save(true);
  };
  window.addEventListener("pagehide", leaving);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") leaving();
  });
}

function isSaved(answer: unknown): answer is SavedAnswer {
  const a = answer as Partial<SavedAnswer> | null;
  return typeof a?.id === "string" && typeof a.version === "number" && typeof a.savedAt === "string";
}

function errorMessage(answer: unknown): string | null {
  const message = (answer as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === "string" ? message : null;
}
