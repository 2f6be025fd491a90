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

/** Renders the auth error into the page's live region (announced by screen readers). */
export function renderAuthError(form: HTMLFormElement, error: AuthError | null) {
  const region = form.ownerDocument.querySelector<HTMLElement>("[data-auth-error-region]");
  if (!region) return;
  region.replaceChildren();
  if (!error) return;
  const summary = form.ownerDocument.createElement("div");
  summary.className = "error-summary";
  summary.setAttribute("role", "alert");
  summary.tabIndex = -1;
  const title = form.ownerDocument.createElement("h2");
  title.className = "error-summary__title";
  title.textContent = error.message;
  summary.append(title);
  const hint = SIGN_IN_HINTS[error.error];
  if (hint && form.dataset.authForm === "sign-in") {
    const detail = form.ownerDocument.createElement("p");
    detail.textContent = hint;
    summary.append(detail);
  }
  region.append(summary);
  summary.focus();
}

export function renderStatus(form: HTMLFormElement, message: string) {
  const region = form.ownerDocument.querySelector<HTMLElement>("[data-auth-status-region]");
  if (!region) return;
  const note = form.ownerDocument.createElement("p");
  note.className = "notice notice--success";
  note.setAttribute("role", "status");
  note.textContent = message;
  region.replaceChildren(note);
}
