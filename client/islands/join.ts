/**
 * The join form's evidence (the form works without it): once a membership is chosen, the fields
 * that membership does not ask for are hidden, and those it leaves optional say so. The needs come
 * from the CMS through the form's `data-join-evidence` (membership slug -> field -> need).
 */
import type { EvidenceNeed } from "../../src/domain/content";

const form = document.querySelector<HTMLFormElement>("form[data-join-evidence]");
if (form) {
  const evidence = JSON.parse(form.dataset.joinEvidence ?? "{}") as Record<string, Record<string, EvidenceNeed>>;
  const fields = [...form.querySelectorAll<HTMLElement>("[data-evidence-field]")];
  const show = () => {
    const chosen = form.querySelector<HTMLInputElement>('input[name="membership"]:checked')?.value;
    const needs = chosen ? evidence[chosen] : undefined;
    if (!needs) return;
    for (const field of fields) {
      const need = needs[field.dataset.evidenceField ?? ""] ?? "required";
      field.hidden = need === "notAsked";
      const mark = field.querySelector<HTMLElement>("[data-optional-mark]");
      if (mark) mark.textContent = need === "optional" ? " (optional)" : "";
    }
  };
  form.addEventListener("change", (event) => {
    if ((event.target as HTMLInputElement | null)?.name === "membership") show();
  });
  show();
}
