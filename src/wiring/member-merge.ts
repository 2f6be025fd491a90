/** Duplicate member records and their merge: the staff area's screens, and the ten-minute sweep for the sign-in accounts still to disable. */
import { createMemberMergeStore } from "../adapters/d1/member-merges";
import type { Config } from "../env";
import { log } from "../log";
import { createMemberMerge } from "../services/membership/member-merge";
import { accountAdmin } from "./auth";

export const memberMerge = (config: Config, newId: () => string) =>
  createMemberMerge({ store: createMemberMergeStore(config.bindings.db), newId, accounts: accountAdmin(config.auth), log });
