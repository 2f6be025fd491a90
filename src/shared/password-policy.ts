/**
 * The one password rule (docs/decisions/0017-everyone-gets-in.md): every form that sets a password (/register, /join,
 * /user/password) states it before the user types and checks it, in the Worker and in the browser,
 * and the Firebase project enforces the same rule (FIREBASE_PASSWORD_POLICY), so a password set on
 * Firebase's own pages (the reset link) meets it too. Length only: no character classes, which
 * push people to predictable substitutions without making passwords stronger.
 */
import * as z from "zod";

export const PASSWORD_MIN_LENGTH = 10;
/** Firebase's own ceiling for a password policy. */
export const PASSWORD_MAX_LENGTH = 4096;

/** The rule in words, shown next to every new-password field. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password.`;

/**
 * The same rule as a Firebase project password policy (Identity Toolkit admin API,
 * `PATCH projects/{project}/config?updateMask=passwordPolicyConfig`), enforced at sign-up and on
 * every password change, Firebase's reset page included; docs/operators-guide.md ("3. Firebase", step 4) sets it.
 * The Firebase Auth emulator does not enforce password policies (only its own 6-character
 * minimum), so locally the rule holds on the site's forms but not on the emulator's reset page.
 */
export const FIREBASE_PASSWORD_POLICY = {
  passwordPolicyEnforcementState: "ENFORCE",
  forceUpgradeOnSignin: false,
  passwordPolicyVersions: [{ customStrengthOptions: { minPasswordLength: PASSWORD_MIN_LENGTH, maxPasswordLength: PASSWORD_MAX_LENGTH } }],
} as const;

/** A new password, checked against the rule; `subject` names it in messages ("Your password", "Your new password"). */
export function newPassword(subject = "Your password") {
  return z
    .string({ error: "Choose a password" })
    .min(1, { error: "Choose a password" })
    .min(PASSWORD_MIN_LENGTH, { error: `${subject} must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { error: `${subject} must be ${PASSWORD_MAX_LENGTH} characters or fewer` });
}

/** What to say when Firebase itself refuses a password (its policy, or its own weak-password check). */
export const PASSWORD_REFUSED_MESSAGE = `Choose a stronger password: ${PASSWORD_RULE.charAt(0).toLowerCase()}${PASSWORD_RULE.slice(1)}`;
