'use strict';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo discount codes, with dates relative to `now`: one for every webinar (once per person), a
 * fixed amount off a bundle that combines with its own discount, a code for the first year of a
 * membership, one for places at any event (once per person), and one that has ended (to show its message).
 */
const discountCodes = (now, ref) => {
  const at = (days) => new Date(now.getTime() + days * DAY).toISOString();
  return {
    welcome: {
      code: 'WELCOME10',
      kind: 'percent',
      percentOff: 10,
      allWebinars: true,
      validFrom: at(-30),
      maxPerUser: 1,
      stacksWithBundle: false,
    },
    spring: {
      code: 'SPRING5',
      kind: 'fixed',
      amountOffPence: 500,
      bundles: [ref.bundle('clinical')],
      validFrom: at(-7),
      validUntil: at(60),
      maxRedemptions: 100,
      stacksWithBundle: true,
    },
    firstYear: {
      code: 'JOIN2026',
      kind: 'percent',
      percentOff: 20,
      memberships: [ref.membership('full')],
      validFrom: at(-30),
      validUntil: at(120),
      maxRedemptions: 50,
      maxPerUser: 1,
    },
    events: {
      code: 'EVENTS15',
      kind: 'percent',
      percentOff: 15,
      allEvents: true,
      validFrom: at(-30),
      validUntil: at(365),
      maxPerUser: 1,
    },
    ended: {
      code: 'SUMMER24',
      kind: 'percent',
      percentOff: 15,
      allWebinars: true,
      allBundles: true,
      validFrom: at(-200),
      validUntil: at(-100),
    },
  };
};

module.exports = { discountCodes };
