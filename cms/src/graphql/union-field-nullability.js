'use strict';

const STRING_KINDS = new Set(['string', 'text', 'richtext', 'email', 'uid']);

/**
 * Finds attributes that are `required` in one component of a dynamic zone while a sibling
 * component has an optional attribute of the same name (e.g. `title` on blocks.button and on
 * blocks.card-list). Returns Map<componentUid, Set<attributeName>> of the required side.
 */
function findClashes(strapi) {
  const clashes = new Map();
  const models = [...Object.values(strapi.contentTypes), ...Object.values(strapi.components)];
  for (const model of models) {
    for (const attribute of Object.values(model.attributes)) {
      if (attribute.type !== 'dynamiczone') continue;
      const byName = new Map();
      for (const uid of attribute.components) {
        for (const [name, member] of Object.entries(strapi.components[uid].attributes)) {
          if (!byName.has(name)) byName.set(name, []);
          byName.get(name).push({ uid, required: member.required === true });
        }
      }
      for (const [name, members] of byName) {
        if (!members.some((m) => m.required) || members.every((m) => m.required)) continue;
        for (const { uid } of members.filter((m) => m.required)) {
          if (!clashes.has(uid)) clashes.set(uid, new Set());
          clashes.get(uid).add(name);
        }
      }
    }
  }
  return clashes;
}

function addNullableField(t, strapi, uid, name) {
  const attribute = strapi.components[uid].attributes[name];
  if (STRING_KINDS.has(attribute.type)) {
    t.string(name);
  } else if (attribute.type === 'media' && !attribute.multiple) {
    // Same resolver as Strapi's own single-media fields, which wraps the file in `{ value }`.
    const builders = strapi.plugin('graphql').service('builders').get('content-api');
    const resolveAssociation = builders.buildAssociationResolver({ contentTypeUID: uid, attributeName: name, strapi });
    t.field(name, {
      type: 'UploadFile',
      async resolve(...args) {
        return (await resolveAssociation(...args)).value;
      },
    });
  } else {
    throw new Error(
      `${uid}.${name} is required while a sibling block has an optional "${name}": ` +
        `make them agree or teach src/graphql/union-field-nullability.js the "${attribute.type}" type.`,
    );
  }
}

/**
 * GraphQL refuses a query on a union whose members expose a same-named field with different
 * nullability (`title: String!` beside `title: String`) unless every such field is aliased.
 * Strapi turns `required` into non-null, so block queries like
 * `... on ComponentBlocksButton { title } ... on ComponentBlocksCardList { title }` would fail.
 * The attributes stay required for editors; only their GraphQL output becomes nullable.
 * Must run in `register`, before the GraphQL plugin builds its schema.
 */
function relaxUnionFieldNullability(strapi) {
  const extension = strapi.plugin('graphql').service('extension');
  const { naming } = strapi.plugin('graphql').service('utils');
  const clashes = findClashes(strapi);
  for (const [uid, names] of clashes) {
    for (const name of names) extension.shadowCRUD(uid).field(name).disableOutput();
  }
  extension.use(({ nexus }) => ({
    types: [...clashes].map(([uid, names]) =>
      nexus.extendType({
        type: naming.getComponentName(strapi.components[uid]),
        definition(t) {
          for (const name of names) addNullableField(t, strapi, uid, name);
        },
      }),
    ),
  }));
}

module.exports = { relaxUnionFieldNullability };
