/**
 * On /user/membership: remembers the pending member's e-mail in browser storage while payment
 * is due (the pending-member storage key), and forgets it once the membership is active.
 */
import { STORAGE_KEYS } from "../../src/shared/storage-keys";

const pending = document.querySelector<HTMLElement>("[data-pending-member-email]")?.dataset.pendingMemberEmail;
const status = document.querySelector<HTMLElement>("[data-membership-status]")?.dataset.membershipStatus;
try {
  if (pending) localStorage.setItem(STORAGE_KEYS.pendingMemberEmail, pending);
  else if (status === "active") localStorage.removeItem(STORAGE_KEYS.pendingMemberEmail);
} catch {
  // Storage can be unavailable (private browsing); the page says everything anyway.
}
