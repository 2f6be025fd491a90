/**
 * Find a practitioner's settings: the editors' lists (Practitioner settings: services,
 * conditions, appointment types) and which membership types may be listed publicly.
 */
import * as z from "zod";
import type { Choice, PractitionerLists } from "../../../domain/practitioners";
import { choiceKey } from "../../../shared/choice-key";
import { defineOperation } from "../operation";
import { relationMany, relationOne } from "../schemas";

type NoVars = Record<string, never>;

const options = z
  .array(z.object({ label: z.string().trim().min(1) }))
  .nullish()
  .transform((list): Choice[] => {
    const seen = new Set<string>();
    return (list ?? []).flatMap(({ label }) => {
      const value = choiceKey(label);
      if (!value || seen.has(value)) return [];
      seen.add(value);
      return [{ value, label }];
    });
  });

export interface PractitionerSettings extends PractitionerLists {
  /** Slugs of the membership types whose members may be listed publicly. */
  listableMemberships: string[];
}

export const practitionerSettingsOperation = defineOperation({
  name: "practitionerSettings",
  document: /* GraphQL */ `
    query practitionerSettings {
      practitionerSetting { data { attributes { services { label } conditions { label } appointmentTypes { label } } } }
      memberships_connection(pagination: { limit: -1 }, filters: { listedPublicly: { eq: true } }) { data { id attributes { slug } } }
    }`,
  models: ["practitioner-setting", "membership"],
  schema: z.object({
    practitionerSetting: relationOne(z.object({ services: options, conditions: options, appointmentTypes: options })),
    memberships_connection: relationMany(z.object({ slug: z.string().min(1) })),
  }),
  map: (data, _vars: NoVars): PractitionerSettings => ({
    services: data.practitionerSetting?.services ?? [],
    conditions: data.practitionerSetting?.conditions ?? [],
    appointments: data.practitionerSetting?.appointmentTypes ?? [],
    listableMemberships: data.memberships_connection.map((m) => m.slug),
  }),
});
