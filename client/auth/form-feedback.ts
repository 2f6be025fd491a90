/** Showing an auth form's state: busy buttons, the error summary, and status messages. */
import type { AuthError } from "../../src/shared/auth-errors";
import { SIGN_IN_HINTS } from "../../src/shared/auth-errors";

export function setBusy(button: HTMLButtonElement | null, busy: boolean) {
  if (!button) return;
  button.dataset.label ??= button.textContent ?? "";
  button.disabled = busy;
  button.setAttribute("aria-busy", String(busy));
  button.textContent = busy ? (button.dataset.busyLabel ?? "Please wait…") : button.dataset.label;
}

/**
 * Renders the auth error into the page's live region (announced by screen readers), as the same
 * error summary the Worker renders without JavaScript (src/views/forms/error-summary.tsx): a
 * titled alert whose item links to the field to fix.
 */
export function renderAuthError(form: HTMLFormElement, error: AuthError | null) {
  const doc = form.ownerDocument;
  const region = doc.querySelector<HTMLElement>("[data-auth-error-region]");
  if (!region) return;
  region.replaceChildren();
  if (!error) return;
  const problem = problemFor(form, error);
  const summary = doc.createElement("div");
  summary.className = "error-summary";
  summary.setAttribute("role", "alert");
  summary.setAttribute("aria-labelledby", "error-summary-title");
  summary.tabIndex = -1;
  summary.dataset.errorSummary = "";
  const title = doc.createElement("h2");
  title.id = "error-summary-title";
  title.className = "error-summary__title";
  title.textContent = problem.title;
  summary.append(title);
  if (problem.message) {
    const list = doc.createElement("ul");
    list.className = "error-summary__list";
    const item = doc.createElement("li");
    const link = doc.createElement("a");
    link.href = `#${problem.field}`;
    link.textContent = problem.message;
    item.append(link);
    list.append(item);
    summary.append(list);
  }
  region.append(summary);
  summary.focus();
}

/** The summary's title, and the field and words of its one item (as the Worker's views put them). */
function problemFor(form: HTMLFormElement, error: AuthError): { title: string; field: string; message: string | null } {
  if (form.dataset.authForm === "password-reset") return { title: "We could not send the e-mail", field: "email", message: error.message };
  const hint = form.dataset.authForm === "sign-in" ? SIGN_IN_HINTS[error.error] : undefined;
  return { title: error.message, field: error.error === "InvalidRequest" ? "email" : "password", message: hint ?? null };
}

/** Shows a status message in the page's polite live region; null clears it. */
export function renderStatus(form: HTMLFormElement, message: string | null) {
  const region = form.ownerDocument.querySelector<HTMLElement>("[data-auth-status-region]");
  if (!region) return;
  if (message === null) {
    region.replaceChildren();
    return;
  }
  const note = form.ownerDocument.createElement("p");
  note.className = "notice notice--success";
  note.setAttribute("role", "status");
  note.textContent = message;
  region.replaceChildren(note);
}
