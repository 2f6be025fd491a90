'use strict';

/** Membership tiers. Prices are annual GBP amounts; Stripe ids are obviously fake. */
const memberships = () => ({
  full: {
    title: 'Full member',
    slug: 'full-member',
    description:
      'For qualified physiotherapists in practice. Full members vote at the annual meeting, may appear in the public **Find a practitioner** search and watch most webinars free.\n\n- Professional indemnity guidance\n- Free member webinars and the recording library\n- The quarterly *Guild Journal*',
    stripePriceId: 'price_demo_full_member_annual',
    price: 195.0,
    joiningFee: 25.0,
    vatTreatment: 'standard',
    evidence: { registrationNumber: 'required', yearQualified: 'required', workplace: 'optional', placeOfStudy: 'notAsked', registrationNumberExample: 'PH123456' },
    // Full members may appear in the public Find a practitioner search; associates may not.
    listedPublicly: true,
  },
  associate: {
    title: 'Associate member',
    slug: 'associate',
    description:
      'For students, assistants and colleagues in allied professions. Associates join the community, get member prices on webinars and receive the *Guild Journal*.\n\n- Member prices on every webinar\n- Mentoring from full members\n- The quarterly *Guild Journal*',
    stripePriceId: 'price_demo_associate_member_annual',
    price: 95.0,
    joiningFee: 15.0,
    vatTreatment: 'exempt',
    // Students, assistants and allied colleagues may have neither a registration nor a qualification.
    evidence: { registrationNumber: 'optional', yearQualified: 'optional', workplace: 'optional', placeOfStudy: 'optional' },
  },
});

module.exports = { memberships };
