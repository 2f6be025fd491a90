/** The browser's auth context (state, transitions, sign-in, reset and their messages), with Firebase and fetch injected. */
import { describe, expect, it, vi } from "vitest";
import { createAuthContext, type FirebaseAuthPort } from "../../../client/auth/auth-context";

function firebase(overrides: Partial<FirebaseAuthPort> = {}): FirebaseAuthPort {
  return {
    signIn: async () => "id-token",
    register: async () => "id-token",
    signOut: async () => undefined,
    sendPasswordResetEmail: async () => undefined,
    ...overrides,
  };
}

function setup(options: { firebase?: FirebaseAuthPort; respond?: (url: string, init?: RequestInit) => Response } = {}) {
  const calls: { url: string; body: string }[] = [];
  const navigate = vi.fn();
  const rememberSignIn = vi.fn();
  const respond = options.respond ?? (() => Response.json({ ok: true, status: 200, error: null, url: "/members" }));
  const context = createAuthContext({
    firebase: async () => options.firebase ?? firebase(),
    csrfToken: async () => "csrf-1",
    siteUrl: "https://guild.example",
    navigate,
    rememberSignIn,
    fetch: async (input, init) => {
      calls.push({ url: String(input), body: String(init?.body ?? "") });
      return respond(String(input), init);
    },
  });
  return { context, calls, navigate, rememberSignIn };
}

describe("auth context", () => {
  it("starts loading, then reads the session; an authenticated session sets the authenticated user", async () => {
    const { context } = setup({ respond: () => Response.json({ user: { email: "m@guild.example" }, expires: "x" }) });
    expect(context.state.status).toBe("loading");
    await context.loadSession();
    expect(context.state).toMatchObject({ status: "authenticated", user: { email: "m@guild.example" }, authenticatedUser: "m@guild.example" });
  });

  it("an empty session is unauthenticated", async () => {
    const { context } = setup({ respond: () => Response.json({}) });
    await context.loadSession();
    expect(context.state).toMatchObject({ status: "unauthenticated", authenticatedUser: null });
  });

  it("sign-in posts the ID token with csrfToken, callbackUrl and json, then remembers and navigates", async () => {
    const { context, calls, navigate, rememberSignIn } = setup();
    const loading: boolean[] = [];
    context.subscribe((state) => loading.push(state.authLoading));
    const result = await context.signIn("m@guild.example", "pw", "/members");
    expect(result).toEqual({ ok: true, status: 200, error: null, url: "/members" });
    const body = new URLSearchParams(calls[0]!.body);
    expect(calls[0]!.url).toBe("/api/auth/callback/credentials");
    expect(Object.fromEntries(body)).toEqual({ idToken: "id-token", callbackUrl: "/members", csrfToken: "csrf-1", json: "true" });
    expect(loading[0]).toBe(true);
    expect(context.state.authLoading).toBe(false);
    expect(rememberSignIn).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith("/members");
  });

  it("a failed sign-in sets the auth error from the result's status and error, with the sign-in failure message", async () => {
    const { context, navigate } = setup({ respond: () => Response.json({ ok: false, status: 401, error: "CredentialsSignin", url: null }, { status: 401 }) });
    await context.signIn("m@guild.example", "wrong");
    expect(context.state.authError).toEqual({ status: 401, error: "CredentialsSignin", message: "Something went wrong. Please try again later" });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a Firebase refusal is a failed sign-in too", async () => {
    const refusing = firebase({ signIn: async () => Promise.reject(Object.assign(new Error("x"), { code: "auth/invalid-credential" })) });
    const { context, calls } = setup({ firebase: refusing });
    await context.signIn("m@guild.example", "wrong");
    expect(calls).toEqual([]);
    expect(context.state.authError).toMatchObject({ status: 401, error: "CredentialsSignin" });
  });

  it("sign-out returns the user to /", async () => {
    const { context, calls, navigate } = setup({ respond: () => Response.json({ url: "/" }) });
    await context.signOut();
    expect(calls[0]!.url).toBe("/api/auth/signout");
    expect(navigate).toHaveBeenCalledWith("/");
  });

  it("password reset asks Firebase with the /login continue URL and resolves", async () => {
    const send = vi.fn(async () => undefined);
    const { context } = setup({ firebase: firebase({ sendPasswordResetEmail: send }) });
    await expect(context.resetPassword("m@guild.example")).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledWith("m@guild.example", "https://guild.example/login?reset=done");
  });

  it.each([
    ["auth/user-not-found", "A user with that email address could not be found."],
    ["auth/something-else", "Something went wrong. Please try again later."],
  ])("a failed reset (%s) sets status 500, the error and its message, and rejects", async (code, message) => {
    const failing = firebase({ sendPasswordResetEmail: async () => Promise.reject(Object.assign(new Error(code), { code })) });
    const { context } = setup({ firebase: failing });
    await expect(context.resetPassword("m@guild.example")).rejects.toEqual({ status: 500, error: code, message });
    expect(context.state.authError).toEqual({ status: 500, error: code, message });
    expect(context.state.authLoading).toBe(false);
  });

  it("set and clear the error", () => {
    const { context } = setup();
    context.setError({ status: 400, error: "X", message: "m" });
    expect(context.state.authError?.error).toBe("X");
    context.clearError();
    expect(context.state.authError).toBeNull();
  });
});

describe("creating an account (/register with JavaScript)", () => {
  it("creates the Firebase account with its name and verification e-mail, starts the session and goes to the callback", async () => {
    const register = vi.fn(async () => "new-id-token");
    const { context, calls, navigate, rememberSignIn } = setup({ firebase: firebase({ register }), respond: () => Response.json({ ok: true, status: 200, error: null, url: "https://guild.example/cart?items=w%3Ax" }) });
    expect(await context.createAccount("Pat", "p@guild.example", "Long-enough-1", "/cart?items=w%3Ax")).toEqual({ kind: "signed-in" });
    expect(register).toHaveBeenCalledWith("p@guild.example", "Long-enough-1", { displayName: "Pat", verifiedContinueUrl: "https://guild.example/user/account" });
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toMatchObject({ idToken: "new-id-token", callbackUrl: "/cart?items=w%3Ax" });
    expect(rememberSignIn).toHaveBeenCalledOnce();
    // The absolute url the session API answers, as a path: the browser stays on its own origin.
    expect(navigate).toHaveBeenCalledWith("/cart?items=w%3Ax");
    expect(context.state.authLoading).toBe(false);
  });

  it.each([
    ["auth/email-already-in-use", { kind: "unavailable" }],
    ["auth/password-does-not-meet-requirements", { kind: "refused", field: "password", code: "auth/password-does-not-meet-requirements" }],
    ["auth/invalid-email", { kind: "refused", field: "email", code: "auth/invalid-email" }],
  ])("%s is left to the Worker's answer (no session, no navigation, no error shown)", async (code, outcome) => {
    const register = async () => Promise.reject(Object.assign(new Error(code), { code }));
    const { context, calls, navigate } = setup({ firebase: firebase({ register }) });
    expect(await context.createAccount("Pat", "p@guild.example", "Long-enough-1")).toEqual(outcome);
    expect(calls).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    expect(context.state.authError).toBeNull();
  });

  it("a network failure shows the sign-in failure, and nothing navigates", async () => {
    const register = async () => Promise.reject(Object.assign(new Error("offline"), { code: "auth/network-request-failed" }));
    const { context, navigate } = setup({ firebase: firebase({ register }) });
    const outcome = await context.createAccount("Pat", "p@guild.example", "Long-enough-1");
    expect(outcome).toMatchObject({ kind: "failed", result: { status: 503, error: "ServiceUnavailable" } });
    expect(context.state.authError).toMatchObject({ status: 503, error: "ServiceUnavailable" });
    expect(navigate).not.toHaveBeenCalled();
  });
});
