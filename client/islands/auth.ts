/**
 * The auth island: progressive enhancement of the sign-in, create-account, password-reset and
 * sign-out forms (which all work without JavaScript), and token sync. Loads Firebase's SDK on
 * first use only.
 */
import { createAuthContext, type AuthContext } from "../auth/auth-context";
import { renderAuthError, renderStatus, setBusy } from "../auth/form-feedback";
import { startTokenSync } from "../auth/token-sync";
import { PASSWORD_MIN_LENGTH } from "../../src/shared/password-policy";
import type { PublicEnv } from "../../src/shared/public-env";
import { SIGNED_OUT_AT_COOKIE } from "../../src/shared/storage-keys";

const signedOutAt = (): number | null => {
  const value = Number(new RegExp(`(?:^|; )${SIGNED_OUT_AT_COOKIE}=(\\d+)`).exec(document.cookie)?.[1]);
  return Number.isFinite(value) && value > 0 ? value : null;
};

const forms = [...document.querySelectorAll<HTMLFormElement>("form[data-auth-form]")];
const configSource = forms[0]?.dataset.islandConfig;

if (configSource) {
  const env = JSON.parse(configSource) as PublicEnv;
  const firebaseClient = import("../auth/firebase-client").then(({ createFirebaseClient }) => createFirebaseClient(env));
  const csrfToken = async () =>
    forms[0]?.querySelector<HTMLInputElement>('input[name="csrfToken"]')?.value ??
    ((await (await fetch("/api/auth/csrf", { credentials: "same-origin" })).json()) as { csrfToken: string }).csrfToken;
  const context = createAuthContext({ firebase: () => firebaseClient, csrfToken, siteUrl: env.siteUrl });
  void context.loadSession();
  for (const form of forms) enhance(form, context);
  if (env.tokenSyncUrl) {
    const syncUrl = env.tokenSyncUrl;
    void firebaseClient.then((client) =>
      startTokenSync({ source: client, syncUrl, csrfToken, signedOutAt, paused: () => context.state.authLoading }),
    );
  }
}

function enhance(form: HTMLFormElement, context: AuthContext) {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  // The Worker may have rendered an error already: leave it until the state says otherwise.
  let shownError = context.state.authError;
  context.subscribe((state) => {
    setBusy(submit, state.authLoading);
    if (state.authError !== shownError) {
      shownError = state.authError;
      renderAuthError(form, state.authError);
    }
  });
  if (form.dataset.authForm === "sign-out") {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void context.signOut();
    });
    return;
  }
  form.addEventListener("submit", async (event) => {
    const emailField = form.elements.namedItem("email") as HTMLInputElement | null;
    const email = emailField?.value.trim() ?? "";
    const password = (form.elements.namedItem("password") as HTMLInputElement | null)?.value ?? "";
    const name = (form.elements.namedItem("name") as HTMLInputElement | null)?.value.trim() ?? "";
    const registering = form.dataset.authForm === "register";
    const missing = !email || (form.dataset.authForm === "sign-in" && !password) || (registering && !name);
    // A malformed address is not Firebase's to judge (its emulator "sends" to anything), nor is a
    // password shorter than the site's rule (the emulator accepts six characters).
    const malformed =
      ((form.dataset.authForm === "password-reset" || registering) && emailField?.validity.typeMismatch === true) ||
      (registering && password.length < PASSWORD_MIN_LENGTH);
    // A ticked newsletter opt-in is recorded by the Worker's own handling of the form (with when and how).
    const optedIn = registering && form.querySelector('input[name^="topic-"]:checked') !== null;
    // Let the browser post the form when fields are missing or malformed: the Worker answers with the errors.
    if (missing || malformed || optedIn) return;
    event.preventDefault();
    renderAuthError(form, null);
    const callbackUrl = (form.elements.namedItem("callbackUrl") as HTMLInputElement | null)?.value ?? "/";
    if (form.dataset.authForm === "sign-in") {
      await context.signIn(email, password, callbackUrl);
    } else if (registering) {
      renderStatus(form, null);
      const outcome = await context.createAccount(name, email, password, callbackUrl);
      // An address that has an account, or one or a password Firebase refuses: the Worker gives the
      // same answer as without JavaScript (a neutral one for an existing address).
      if (outcome.kind === "unavailable" || outcome.kind === "refused") form.submit();
    } else if (form.dataset.authForm === "password-reset") {
      renderStatus(form, null);
      try {
        await context.resetPassword(email);
        renderStatus(
          form,
          `If an account exists for ${email}, we have sent it an e-mail with a link to choose a new password. ` +
            "The link returns you here to sign in. No e-mail after a few minutes? Check your spam folder, or request another below.",
        );
      } catch {
        // The context holds the error; the subscription shows it.
      }
    }
  });
}
