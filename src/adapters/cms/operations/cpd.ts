/** The society's CPD settings, on the Global single type: the yearly target hours. */
import * as z from "zod";
import { defineOperation } from "../operation";
import { optionalNumber, relationOne } from "../schemas";

type NoVars = Record<string, never>;

export const cpdSettingsOperation = defineOperation({
  name: "cpdSettings",
  document: /* GraphQL */ `
    query cpdSettings { global { data { attributes { cpdTargetHours } } } }`,
  models: ["global"],
  schema: z.object({ global: relationOne(z.object({ cpdTargetHours: optionalNumber })) }),
  // A target of zero or less means the editors set none.
  map: (data, _vars: NoVars): { targetHundredths: number | null } => {
    const hours = data.global?.cpdTargetHours ?? null;
    return { targetHundredths: hours !== null && hours > 0 ? Math.round(hours * 100) : null };
  },
});
