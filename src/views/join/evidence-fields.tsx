/**
 * The join form's professional evidence: registration number, year qualified, workplace and place
 * of study, each asked as the membership types say (docs/decisions/0017-everyone-gets-in.md). Without JavaScript every
 * field some type asks for is shown, its hint saying which types need it; the `join` island then
 * hides what the chosen type does not ask for and marks what it leaves optional.
 */
import type { EvidenceNeed } from "../../domain/content";
import type { MembershipTerms } from "../../domain/membership";
import { EVIDENCE_FIELDS, type EvidenceField, type JoinErrors } from "../../shared/join-form";
import { TextField } from "../forms/text-field";

export const EVIDENCE_LABELS: Record<EvidenceField, string> = {
  registrationNumber: "Professional registration number",
  yearQualified: "Year you qualified",
  workplace: "Workplace",
  placeOfStudy: "Where you study",
};

const NEED_WORDS: Record<EvidenceNeed, string> = { required: "needed for", optional: "optional for", notAsked: "not asked for" };

const list = (titles: readonly string[]) => (titles.length <= 1 ? titles.join("") : `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`);

/** Which membership types need the field, when they differ ("Needed for Full member; optional for Associate member."). */
function needsSentence(terms: readonly MembershipTerms[], field: EvidenceField): string | null {
  const needs = new Set(terms.map((t) => t.evidence[field]));
  if (needs.size <= 1) return null;
  const parts = (["required", "optional", "notAsked"] as const)
    .map((need) => ({ need, titles: terms.filter((t) => t.evidence[field] === need).map((t) => t.title) }))
    .filter((part) => part.titles.length > 0)
    .map((part) => `${NEED_WORDS[part.need]} ${list(part.titles)}`);
  const sentence = parts.join("; ");
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** The evidence map the island reads: membership slug -> field -> need. */
export function evidenceByMembership(terms: readonly MembershipTerms[]): string {
  return JSON.stringify(Object.fromEntries(terms.map((t) => [t.slug, Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, t.evidence[field]]))])));
}

export interface EvidenceFieldsProps {
  terms: readonly MembershipTerms[];
  /** The membership chosen so far (its needs set the first state), if any. */
  chosen: MembershipTerms | null;
  registrationExample: string;
  values: Partial<Record<string, string>>;
  errors: JoinErrors;
}

export function EvidenceFields({ terms, chosen, registrationExample, values, errors }: EvidenceFieldsProps) {
  const details: Record<EvidenceField, { hint: string; autoComplete?: string; maxLength: number }> = {
    registrationNumber: { hint: `As on your registration certificate, for example ${registrationExample}.`, maxLength: 30 },
    yearQualified: { hint: "For example 2015.", maxLength: 4 },
    workplace: { hint: "Where you work now, if anywhere.", autoComplete: "organization", maxLength: 200 },
    placeOfStudy: { hint: "Your university or college, and course.", maxLength: 200 },
  };
  return (
    <>
      {EVIDENCE_FIELDS.map((field) => {
        const needs = terms.map((t) => t.evidence[field]);
        if (needs.length > 0 && needs.every((need) => need === "notAsked")) return null;
        const optional = chosen ? chosen.evidence[field] === "optional" : needs.length > 0 && needs.every((need) => need === "optional");
        const hint = [needsSentence(terms, field), details[field].hint].filter(Boolean).join(" ");
        return (
          <div key={field} data-evidence-field={field}>
            <TextField
              id={field}
              label={EVIDENCE_LABELS[field]}
              // Empty unless optional, so the label's accessible name is exactly the field's name.
              labelSuffix={<span data-optional-mark="">{optional ? " (optional)" : ""}</span>}
              hint={hint}
              value={values[field] ?? ""}
              error={errors[field] ?? null}
              autoComplete={details[field].autoComplete}
              maxLength={details[field].maxLength}
            />
          </div>
        );
      })}
    </>
  );
}
