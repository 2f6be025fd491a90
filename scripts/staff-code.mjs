// Prints the current second-factor code of the demo staff account (staff@guildhall.example) for
// `npm run dev` (local only: the key is public and only `npm run dev` seeds it). Each code is
// accepted once, so after using one, wait for the next (a new one every 30 seconds).
import { DEMO_STAFF_TOTP_SECRET, totpCode } from "./lib/staff-totp.mjs";

const seconds = Date.now() / 1000;
const left = 30 - Math.floor(seconds % 30);
console.log(`${await totpCode(DEMO_STAFF_TOTP_SECRET, seconds)}   (staff@guildhall.example, local only; changes in ${left} s)`);
