'use strict';

const { errors } = require('@strapi/utils');

const UID = 'api::discount-code.discount-code';

const refuse = (path, message) => {
  throw new errors.ValidationError(message, { errors: [{ path: [path], message, name: 'ValidationError' }] });
};

/**
 * Buyers type codes in any letter case, so a code is kept in capitals and two codes that differ
 * only in case are refused. A percent code needs its percentage (above 0, at most 100) and a fixed
 * code its amount in pence; a code that ends before it starts is refused. The admin panel shows
 * each message under its field.
 */
function checkDiscountCodes(strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== UID || (context.action !== 'create' && context.action !== 'update')) return next();
    const data = context.params?.data ?? {};
    const current = context.params?.documentId
      ? await strapi.documents(UID).findOne({ documentId: context.params.documentId, fields: ['code', 'kind', 'percentOff', 'amountOffPence', 'validFrom', 'validUntil'] })
      : null;
    const value = (field) => (field in data ? data[field] : current?.[field]);
    if (typeof data.code === 'string') {
      data.code = data.code.trim().toUpperCase();
      const same = await strapi.documents(UID).findMany({ filters: { code: { $eqi: data.code } }, fields: ['code'], status: 'draft' });
      if (same.some((entry) => entry.documentId !== context.params?.documentId)) {
        refuse('code', `Another discount code is already "${data.code}" (codes are the same whatever their letter case).`);
      }
    }
    const kind = value('kind') ?? 'percent';
    const percentOff = value('percentOff');
    const amountOffPence = value('amountOffPence');
    if (kind === 'percent' && !(Number(percentOff) > 0 && Number(percentOff) <= 100)) {
      refuse('percentOff', 'A percent code needs "percentOff" above 0 and at most 100.');
    }
    if (kind === 'fixed' && !(Number.isInteger(Number(amountOffPence)) && Number(amountOffPence) > 0)) {
      refuse('amountOffPence', 'A fixed code needs "amountOffPence", a whole number of pence above 0.');
    }
    const from = value('validFrom');
    const until = value('validUntil');
    if (from && until && new Date(until).getTime() <= new Date(from).getTime()) {
      refuse('validUntil', '"validUntil" must be after "validFrom".');
    }
    return next();
  });
}

module.exports = { checkDiscountCodes };
