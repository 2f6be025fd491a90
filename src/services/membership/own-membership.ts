/**
 * The signed-in user's own membership record and application, found by user id only. The
 * application is the one the record names when it is the user's, else the user's latest: never
 * anyone else's, whatever a record points at.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { Application } from "../../domain/membership";
import type { MembershipStore } from "../../adapters/d1/memberships";
import type { MembershipRecord } from "../../domain/membership";

export interface OwnMembershipDeps {
  memberships: Pick<MembershipStore, "forUser">;
  applications: Pick<ApplicationStore, "byId" | "latestForUser">;
}

export interface OwnMembership {
  record: MembershipRecord | null;
  application: Application | null;
}

export async function ownMembership(deps: OwnMembershipDeps, userId: string): Promise<OwnMembership> {
  const record = await deps.memberships.forUser(userId);
  const named = record?.applicationId ? await deps.applications.byId(record.applicationId) : null;
  const application = named?.userId === userId ? named : await deps.applications.latestForUser(userId);
  return { record, application };
}
