/**
 * The auth island: progressive enhancement of the sign-in and password-reset forms (which work
 * without JavaScript), and token sync. Loads Firebase's SDK on first use only.
 */
import { createAuthContext, type AuthContext } from "../auth/auth-context";
import { renderAuthError, renderStatus, setBusy } from "../auth/form-feedback";
import { startTokenSync } from "../auth/token-sync";
import type { PublicEnv } from "../../src/shared/public-env";

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
    void firebaseClient.then((client) => startTokenSync({ source: client, syncUrl, csrfToken }));
  }
}

function enhance(form: HTMLFormElement, context: AuthContext) {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  context.subscribe((state) => {
    setBusy(submit, state.authLoading);
    renderAuthError(form, state.authError);
  });
  form.addEventListener("submit", async (event) => {
    const email = (form.elements.namedItem("email") as HTMLInputElement | null)?.value.trim() ?? "";
    const password = (form.elements.namedItem("password") as HTMLInputElement | null)?.value ?? "";
    const missing = !email || (form.dataset.authForm === "sign-in" && !password);
    // Let the browser post the form when fields are missing: the Worker answers with the errors.
    if (missing) return;
    event.preventDefault();
    if (form.dataset.authForm === "sign-in") {
      const callbackUrl = (form.elements.namedItem("callbackUrl") as HTMLInputElement | null)?.value ?? "/";
      await context.signIn(email, password, callbackUrl);
    } else if (form.dataset.authForm === "password-reset") {
      try {
        await context.resetPassword(email);
        renderStatus(
          form,
          `If an account exists for ${email}, we have sent it an e-mail with a link to choose a new password. The link returns you here to sign in.`,
        );
      } catch {
        // The context holds the error; the subscription shows it.
      }
    }
  });
}
