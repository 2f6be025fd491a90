'use strict';

const b = require('./blocks');

/**
 * General pages: [slug, type, title, metaDescription, flags]. They are created first without
 * blocks, so blocks (which link to each other) can refer to any page.
 */
const PAGES = [
  ['about', 'Root', 'About the Guild', 'Who we are and what the Guild of Example Physiotherapists does.'],
  ['contact', 'Root', 'Contact us', 'How to reach the Guild office.'],
  ['privacy-policy', 'Root', 'Privacy policy', 'How the Guild uses and protects your personal data.'],
  ['terms', 'Root', 'Terms and conditions', 'The terms of Guild membership and of using this website.'],
  ['our-history', 'About', 'Our history', 'From a reading room in 1921 to a national society.'],
  ['governance', 'About', 'Governance', 'How the Guild is run and who runs it.'],
  ['find-a-physiotherapist', 'Patients', 'Find a physiotherapist', 'How to find a Guild physiotherapist near you.'],
  ['back-pain', 'Patients', 'Living well with back pain', 'Practical, evidence-based advice on back pain.'],
  ['preparing-for-your-appointment', 'Patients', 'Preparing for your appointment', 'What to expect at your first physiotherapy appointment.'],
  ['join-full-member', 'Professionals', 'Join as a full member', 'Membership for qualified physiotherapists.'],
  ['associate-membership', 'Professionals', 'Join as an associate', 'Membership for students, assistants and allied colleagues.'],
  ['career-guidance', 'Professionals', 'Career guidance', 'Support at every stage of a physiotherapy career.'],
  ['annual-review', 'Professionals', 'Annual review', 'The Guild year in review.'],
  ['cpd-resources', 'Professionals', 'CPD resources', 'Members-only continuing professional development resources.', { membersOnly: true, authenticatedOnly: true }],
  ['upcoming-webinars', 'Webinars', 'Upcoming webinars', 'Live webinars you can book now.'],
  ['webinar-archive', 'Webinars', 'Webinar archive', 'Recordings of past webinars.'],
  ['member-free-webinars', 'Webinars', 'Free for members', 'Webinars members can join at no cost.'],
  ['membership', 'User', 'My membership', 'Your Guild membership.', { authenticatedOnly: true }],
  ['account', 'User', 'Account settings', 'Your sign-in details.', { authenticatedOnly: true }],
  ['webinars', 'User', 'My webinars', 'Webinars you have booked, bundles and recordings.', { authenticatedOnly: true }],
  ['cpd', 'User', 'My CPD log', 'How to record the learning you do with the Guild.', { authenticatedOnly: true }],
];

const pageShells = (ref) =>
  Object.fromEntries(
    PAGES.map(([slug, type, title, metaDescription, flags = {}]) => [
      slug,
      {
        title,
        slug,
        type,
        authenticatedOnly: flags.authenticatedOnly ?? false,
        membersOnly: flags.membersOnly ?? false,
        seo: { metaTitle: title, metaDescription, shareImage: ref.media('share-image.jpg') },
      },
    ]),
  );

const joinSettings = (key) => ({
  subscriptionPriceId: `price_demo_${key}_subscription`,
  offlinePriceId: `price_demo_${key}_offline`,
  initialPriceId: `price_demo_${key}_joining_fee`,
  halfOffCouponId: `coupon_demo_${key}_half_off`,
});

/** Blocks of each general page, keyed by slug. */
const pageBlocks = (ref) => ({
  about: [
    b.textWithImage(
      '## A society for physiotherapists\n\nThe Guild of Example Physiotherapists brings together more than four thousand physiotherapists, students and allied colleagues. We support good practice, share what works and help the public find care they can trust.\n\n*This is a fictional society: everything on this site is demonstration content.*',
      ref.media('card-about.jpg'),
      'right',
    ),
    b.text('### What we do\n\n- Run live webinars and keep a recording library\n- Publish the quarterly *Guild Journal*\n- Keep a public directory of members\n- Speak up for patients and the profession'),
    b.image(ref.media('hero-home.jpg'), 'Members at the autumn conference (illustration).'),
    b.button('Read our history', { page: ref.page('our-history'), alignment: 'center' }),
  ],
  contact: [
    b.text('## Get in touch\n\nThe Guild office is open **Monday to Friday, 9:00 to 17:00**. We aim to answer every message within two working days.\n\nEmail [hello@guildhall.example](mailto:hello@guildhall.example) or call 01632 960 123.'),
    b.embed(
      'Guild office opening hours',
      '<div style="font-family:sans-serif;padding:1rem;border:1px solid #0f4c5c;border-radius:8px"><strong>Guild office</strong><br>12 Example Row, Sampleton EX1 2MP<br>Monday to Friday, 9:00 to 17:00</div>',
    ),
  ],
  'privacy-policy': [
    b.text('## Privacy policy\n\nWe collect only what we need to run your membership: your name, contact details, professional registration and payment records.\n\n### How we use your data\n\nTo provide membership services, to send the *Guild Journal* and, if you agree, to list you in the public directory.\n\n### Newsletters and announcements\n\nWe send newsletters and announcements only on the topics you choose (on the join form, when you create an account, or on your account page), and we keep when and how you chose. Every one has a link that unsubscribes you at once, without signing in. We do not track whether you open our e-mails or which links you follow: no tracking pixels, no rewritten links.\n\n### Your rights\n\nYou can ask to see, correct or delete your data at any time by writing to privacy@guildhall.example.'),
  ],
  terms: [
    b.text('## Terms and conditions\n\n1. Membership runs for twelve months from the date you join.\n2. Fees are payable in pounds sterling and include VAT where applicable.\n3. Members agree to follow the Guild code of conduct.\n4. Webinar places are personal and may not be shared.\n\nThese terms are demonstration content for a fictional society.'),
  ],
  'our-history': [
    b.textWithImage(
      '## Since 1921\n\nThe Guild began as a reading room for twelve physiotherapists who wanted to share case notes. A century later it is a national society, still run by and for its members.',
      ref.media('guild-emblem.svg'),
      'left',
    ),
    b.text('### Milestones\n\n- **1921** The first reading room opens\n- **1958** The *Guild Journal* is launched\n- **2004** The public directory goes online\n- **2020** Webinars replace the regional lecture tour'),
  ],
  governance: [
    b.text('## How the Guild is run\n\nAn elected council of nine full members sets the Guild\'s direction. Council meets four times a year and publishes its minutes to members.'),
    b.cardList('Council committees', [
      { title: 'Education committee', content: 'Plans the webinar programme and CPD resources.', linkText: 'See CPD resources', page: ref.page('cpd-resources'), image: ref.media('card-professionals.jpg') },
      { title: 'Public information', content: 'Writes and reviews our advice for patients.', linkText: 'Patient advice', page: ref.page('back-pain'), image: ref.media('card-patients.jpg') },
      { title: 'Membership committee', content: 'Looks after membership tiers and fees.', linkText: 'Membership options', page: ref.page('join-full-member'), image: ref.media('card-about.jpg') },
    ]),
  ],
  'find-a-physiotherapist': [
    b.text('## Find a physiotherapist\n\nEvery physiotherapist in our directory is a full member of the Guild and has agreed to our code of conduct.'),
    b.button('Search for a physiotherapist', { url: '/find-a-practitioner', alignment: 'left' }),
    b.cardList('Before you book', [
      { title: 'Living well with back pain', content: 'Advice you can start with today.', linkText: 'Read the advice', page: ref.page('back-pain'), image: ref.media('article-back-pain.jpg') },
      { title: 'Your first appointment', content: 'What to bring and what will happen.', linkText: 'Be prepared', page: ref.page('preparing-for-your-appointment'), image: ref.media('card-patients.jpg') },
    ]),
  ],
  'back-pain': [
    b.textWithImage(
      '## Living well with back pain\n\nMost back pain settles within six weeks. Staying gently active is one of the best things you can do.\n\n- Keep moving, little and often\n- Use heat or cold if it helps\n- Get help urgently if you have numbness around the saddle area or problems with bladder or bowels',
      ref.media('article-back-pain.jpg'),
      'left',
    ),
    b.button('Find a physiotherapist', { page: ref.page('find-a-physiotherapist'), alignment: 'right' }),
  ],
  'preparing-for-your-appointment': [
    b.text('## Preparing for your appointment\n\nWear comfortable clothes, bring a list of any medicines and think about what you would like to be able to do again.\n\nYour physiotherapist will ask about your symptoms, examine how you move and agree a plan with you.'),
  ],
  'join-full-member': [
    b.text('## Join as a full member\n\nFor qualified physiotherapists. **£195.00 a year**, plus a one-off **£25.00** joining fee.\n\nFull members vote at the annual meeting, appear in the public directory and watch most webinars free.'),
    b.membershipSettings(ref.membership('full'), joinSettings('full_member')),
    b.button('Compare with associate membership', { page: ref.page('associate-membership'), alignment: 'left' }),
  ],
  'associate-membership': [
    b.text('## Join as an associate\n\nFor students, assistants and allied colleagues. **£95.00 a year**, plus a one-off **£15.00** joining fee.\n\nAssociates pay member prices for webinars and receive the *Guild Journal*.'),
    b.membershipSettings(ref.membership('associate'), joinSettings('associate_member')),
    b.button('Compare with full membership', { page: ref.page('join-full-member'), alignment: 'left' }),
  ],
  'career-guidance': [
    b.textWithImage(
      '## Career guidance\n\nWhether you are choosing a placement or thinking about a consultant post, our mentoring scheme pairs you with an experienced member.',
      ref.media('card-professionals.jpg'),
      'right',
    ),
    b.button('Become a member', { page: ref.page('join-full-member'), alignment: 'center' }),
  ],
  'annual-review': [
    b.text('## Annual review\n\nA year of webinars, new members and a successful conference, in twelve pages.'),
    b.flipbook('Annual review', { link: 'https://flipbook.example/guildhall/annual-review', file: ref.media('annual-review.pdf') }),
  ],
  'cpd-resources': [
    b.text('## CPD resources\n\nMembers-only templates, reflective logs and reading lists to support your continuing professional development.'),
    b.flipbook('CPD portfolio guide', { link: 'https://flipbook.example/guildhall/cpd-portfolio-guide', file: ref.media('cpd-portfolio-guide.pdf') }),
    b.cardList('Go further', [
      { title: 'Recorded webinars', content: 'Every member webinar, available on demand.', linkText: 'Open the archive', page: ref.page('webinar-archive'), image: ref.media('card-webinars.jpg') },
      { title: 'Career guidance', content: 'Mentoring and advice for your next step.', linkText: 'Find a mentor', page: ref.page('career-guidance'), image: ref.media('card-professionals.jpg') },
    ]),
  ],
  'upcoming-webinars': [
    b.text('## Upcoming webinars\n\nLive sessions with time for questions. Members pay less, and some sessions are free.'),
    b.webinarsList('Book your place', 'upcoming'),
  ],
  'webinar-archive': [
    b.text('## Webinar archive\n\nRecordings of past webinars, available to watch on demand.'),
    b.webinarsList('Recordings', 'past'),
  ],
  'member-free-webinars': [
    b.webinarsList('Free for members', 'memberFree'),
    b.button('Not a member yet? Join the Guild', { page: ref.page('join-full-member'), alignment: 'center' }),
  ],
  membership: [
    b.text('## My membership\n\nThank you for joining the Guild. Your membership details and renewal date are shown below.'),
    b.cardList('Make the most of your membership', [
      { title: 'Free member webinars', content: 'Book sessions that are free for members.', linkText: 'See free webinars', page: ref.page('member-free-webinars'), image: ref.media('card-webinars.jpg') },
      { title: 'CPD resources', content: 'Templates and guides for your portfolio.', linkText: 'Open resources', page: ref.page('cpd-resources'), image: ref.media('card-professionals.jpg') },
    ]),
    b.button('Change membership type', { page: ref.page('associate-membership'), alignment: 'left' }),
  ],
  account: [
    b.text('## Account settings\n\nChange your password or the email address you sign in with.'),
  ],
  cpd: [
    b.text('## How your CPD log works\n\nEvery Guild webinar you attend or watch counts towards your continuing professional development: it appears here by itself. Confirm it with a short reflection (one thing you will do differently) and print its certificate for your portfolio. Add courses, reading and other learning elsewhere as your own entries.'),
  ],
  webinars: [
    b.webinarsList('Your webinars', 'all'),
  ],
});

module.exports = { pageShells, pageBlocks };
