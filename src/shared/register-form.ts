/**
 * The /register form's one schema: the Worker validates each submission with it and the `auth`
 * island checks it before asking Firebase, so both say the same thing. The password follows the
 * one password rule (password-policy.ts).
 */
import * as z from "zod";
import { newPassword } from "./password-policy";
import { isOneLine, oneLineMessage } from "./plain-text";

export const RegisterForm = z.object({
  name: z
    .string({ error: "Enter your name" })
    .trim()
    .min(1, { error: "Enter your name" })
    .max(100, { error: "Your name must be 100 characters or fewer" })
    // The name becomes the account's display name, which e-mails may use (plain-text.ts).
    .refine(isOneLine, { error: oneLineMessage("your name") }),
  email: z
    .string({ error: "Enter your e-mail address" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Enter your e-mail address" })
    .max(254, { error: "Your e-mail address must be 254 characters or fewer" })
    .pipe(z.email({ error: "Enter an e-mail address, like name@example.com" })),
  password: newPassword(),
});

export type RegisterInput = z.output<typeof RegisterForm>;

/**
 * What /register answers when it cannot create the account, whatever the reason, so that it never
 * says whether the address already has one (as the password-reset form never does).
 */
export function registerUnavailableNotice(email: string): string {
  return `If ${email} can be used for a new account, please try again in a few minutes. If you already have an account with it, sign in instead, or reset your password if you have forgotten it.`;
}
