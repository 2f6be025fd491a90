'use strict';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** Bundles; their webinars point at them (webinar.bundle is the owning side). */
const bundles = () => ({
  clinical: {
    bundleName: 'Spring Clinical Skills Bundle',
    slug: 'spring-clinical-skills',
    description: 'Three live sessions on everyday clinical questions, 20% off when booked together.',
    couponId: 'coupon_demo_spring_clinical_20',
    discount: 20,
    discountType: 'percent',
    // Mixed rates on purpose, so receipts and the VAT summary show more than one.
    vatTreatment: 'reduced',
  },
  masterclass: {
    bundleName: 'Recorded Masterclass Collection',
    slug: 'recorded-masterclass-collection',
    description: 'Two of our most-watched recordings, £15.00 off when bought together.',
    couponId: 'coupon_demo_masterclass_15_off',
    discount: 15,
    discountType: 'amount',
    vatTreatment: 'zero',
  },
});

/**
 * Webinars in every state the site shows, with dates relative to `now`:
 * upcoming, live soon, free for members, free for all, archived (recording), archived (playlist).
 */
const webinars = (now, ref) => {
  const at = (offset) => new Date(now.getTime() + offset).toISOString();
  // `days` from now at a civilised UTC time of day, so demo sessions are not at 3 a.m.
  const dayAt = (days, hours, minutes = 0) => {
    const date = new Date(now.getTime() + days * DAY);
    date.setUTCHours(hours, minutes, 0, 0);
    return date.toISOString();
  };
  const stripe = (key) => ({
    stripeProductId: `prod_demo_${key}`,
    stripePriceId: `price_demo_${key}_standard`,
    memberPriceId: `price_demo_${key}_member`,
  });
  return {
    backPain: {
      name: 'Managing Persistent Low Back Pain: What the Evidence Says',
      slug: 'managing-persistent-low-back-pain',
      date: dayAt(21, 18, 30),
      durationMinutes: 90,
      cpdHours: 1.5,
      cpdCategory: 'clinical',
      description:
        'A practical tour of the current guidance on persistent low back pain: what to assess, what to explain and which exercise approaches have the strongest support.\n\nPresented by **Dr Alex Example**, consultant physiotherapist.',
      image: ref.media('article-back-pain.jpg'),
      zoomUrl: 'https://zoom.example/j/90000000001',
      ...stripe('back_pain'),
      defaultPrice: 45.0,
      memberPrice: 25.0,
      defaultArchiveDate: dayAt(51, 0),
      memberArchiveDate: dayAt(111, 0),
      bundle: ref.bundle('clinical'),
    },
    runningQa: {
      name: 'Live Q&A: Returning to Running After Injury',
      slug: 'live-qa-returning-to-running',
      date: at(90 * MINUTE),
      durationMinutes: 60,
      cpdHours: 1,
      cpdCategory: 'clinical',
      description:
        'Bring your questions on graded return to running, load management and footwear. A relaxed live session with plenty of time for discussion.',
      image: ref.media('card-webinars.jpg'),
      zoomUrl: 'https://zoom.example/j/90000000002',
      ...stripe('running_qa'),
      defaultPrice: 30.0,
      memberPrice: 15.0,
      defaultArchiveDate: dayAt(30, 0),
      memberArchiveDate: dayAt(90, 0),
    },
    pelvicHealth: {
      name: 'Pelvic Health Essentials',
      vatTreatment: 'zero',
      slug: 'pelvic-health-essentials',
      date: dayAt(10, 18),
      durationMinutes: 75,
      cpdHours: 1.25,
      cpdCategory: 'clinical',
      description:
        'An introduction to pelvic health assessment and when to refer on. **Free for members** - book now to reserve your place.',
      image: ref.media('card-patients.jpg'),
      zoomUrl: 'https://zoom.example/j/90000000003',
      ...stripe('pelvic_health'),
      defaultPrice: 45.0,
      memberPrice: 25.0,
      memberFreeDate: dayAt(-2, 0),
      defaultArchiveDate: dayAt(40, 0),
      memberArchiveDate: dayAt(100, 0),
      bundle: ref.bundle('clinical'),
    },
    clinicalReasoning: {
      name: 'Introduction to Clinical Reasoning',
      slug: 'introduction-to-clinical-reasoning',
      date: dayAt(5, 12, 30),
      durationMinutes: 60,
      cpdHours: 1,
      cpdCategory: 'education',
      description:
        'Our open session for students and new graduates: how experienced clinicians form and test hypotheses. **Free for everyone.**',
      image: ref.media('webinar-default.jpg'),
      zoomUrl: 'https://zoom.example/j/90000000004',
      ...stripe('clinical_reasoning'),
      defaultPrice: 20.0,
      memberPrice: 10.0,
      defaultFreeDate: dayAt(-7, 0),
      memberFreeDate: dayAt(-7, 0),
      defaultArchiveDate: dayAt(35, 0),
      memberArchiveDate: dayAt(95, 0),
    },
    olderAdults: {
      name: 'Exercise Prescription for Older Adults',
      slug: 'exercise-prescription-for-older-adults',
      date: dayAt(-60, 18, 30),
      durationMinutes: 90,
      cpdHours: 1.5,
      cpdCategory: 'clinical',
      description:
        'Strength, balance and confidence: building exercise programmes that older adults enjoy and keep doing. Watch the recording.',
      image: ref.media('card-professionals.jpg'),
      vimeoUrl: 'https://vimeo.example/video/800000001',
      ...stripe('older_adults'),
      defaultPrice: 35.0,
      memberPrice: 20.0,
      defaultArchiveDate: dayAt(-45, 0),
      memberArchiveDate: dayAt(-30, 0),
      bundle: ref.bundle('masterclass'),
    },
    sportsSeries: {
      name: 'Sports Injury Series (Recordings)',
      slug: 'sports-injury-series-recordings',
      date: dayAt(-120, 18),
      durationMinutes: 180,
      cpdHours: 3,
      cpdCategory: 'clinical',
      description:
        'Three recorded sessions on ankle, knee and shoulder injuries in sport, watchable as a playlist.',
      image: ref.media('article-conference.jpg'),
      vimeoPlaylist: 'https://vimeo.example/showcase/800000100',
      ...stripe('sports_series'),
      defaultPrice: 60.0,
      memberPrice: 35.0,
      defaultArchiveDate: dayAt(-100, 0),
      memberArchiveDate: dayAt(-90, 0),
      bundle: ref.bundle('masterclass'),
    },
    ethics: {
      name: 'Ethics and Professional Boundaries',
      vatTreatment: 'exempt',
      slug: 'ethics-and-professional-boundaries',
      date: dayAt(42, 17),
      durationMinutes: 60,
      cpdHours: 1,
      cpdCategory: 'professional',
      description:
        'Case discussions on consent, chaperoning and social media. One price for everyone: there is no member price for this session.',
      image: ref.media('card-about.jpg'),
      zoomUrl: 'https://zoom.example/j/90000000007',
      stripeProductId: 'prod_demo_ethics',
      stripePriceId: 'price_demo_ethics_standard',
      defaultPrice: 35.0,
      defaultArchiveDate: dayAt(72, 0),
      bundle: ref.bundle('clinical'),
    },
  };
};

module.exports = { bundles, webinars };
