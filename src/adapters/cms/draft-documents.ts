/**
 * The same CMS queries for drafts: every top-level field of a query gets `status: DRAFT`
 * (Strapi 5's GraphQL argument; every content type here has draft and publish), so the page
 * shows what an editor has saved but not yet published. Relations are read with the same status.
 */
import { Kind, parse, print, visit, type ArgumentNode, type FieldNode, type OperationDefinitionNode } from "graphql";

const converted = new Map<string, string>();

const DRAFT: ArgumentNode = {
  kind: Kind.ARGUMENT,
  name: { kind: Kind.NAME, value: "status" },
  value: { kind: Kind.ENUM, value: "DRAFT" },
};

export function asDraftQuery(document: string): string {
  let draft = converted.get(document);
  if (draft === undefined) {
    const ast = visit(parse(document), {
      OperationDefinition(node: OperationDefinitionNode) {
        const selections = node.selectionSet.selections.map((selection) => {
          if (selection.kind !== Kind.FIELD) return selection;
          const field = selection as FieldNode;
          const args = (field.arguments ?? []).filter((arg) => arg.name.value !== "status");
          return { ...field, arguments: [...args, DRAFT] };
        });
        return { ...node, selectionSet: { ...node.selectionSet, selections } };
      },
    });
    draft = print(ast);
    converted.set(document, draft);
  }
  return draft;
}
