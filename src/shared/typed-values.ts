/**
 * What a form's fields held as typed, for showing the form again after a problem: text fields
 * only, each bounded, without the CSRF token and without any secret (a password is never sent
 * back to the browser).
 */
const MAX_FIELD = 4096;
const NEVER_SHOWN = new Set(["csrfToken", "password", "currentPassword", "newPassword"]);

export function typedValues(body: Record<string, unknown>): Partial<Record<string, string>> {
  const values: Partial<Record<string, string>> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string" && !NEVER_SHOWN.has(key) && key.length < 50) values[key] = value.slice(0, MAX_FIELD);
  }
  return values;
}
