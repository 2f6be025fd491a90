'use strict';

const b = require('./blocks');

const link = (ref, title, slug) => ({ __component: 'sidebar.link', title, page: ref.page(slug) });
const dropdown = (ref, title, slugs) => ({ __component: 'sidebar.dropdown', title, pages: ref.pages(slugs) });

/** Single types, keyed by content-type uid. */
const singleTypes = (ref) => ({
  'api::global.global': { favicon: ref.media('favicon.png'), cpdTargetHours: 30 },

  // The choices members pick from in their public listing, and patients filter the search by.
  'api::practitioner-setting.practitioner-setting': {
    services: ['Sports injuries', 'Musculoskeletal', 'Neurological rehabilitation', "Women's health", 'Paediatrics', 'Older people', 'Respiratory', 'Acupuncture'].map((label) => ({ label })),
    conditions: ['Back pain', 'Neck pain', 'Knee pain', 'Shoulder pain', 'Stroke', 'Arthritis', 'Pelvic pain', 'Sprains and strains'].map((label) => ({ label })),
    appointmentTypes: ['In person at the practice', 'Home visits', 'Online'].map((label) => ({ label })),
  },

  'api::global-seo.global-seo': {
    metaTitle: 'Guildhall - The Guild of Example Physiotherapists',
    metaDescription: 'The Guild of Example Physiotherapists supports physiotherapists and helps the public find care they can trust. (A fictional society: demonstration content.)',
    shareImage: ref.media('share-image.jpg'),
  },

  'api::sidebar.sidebar': {
    patients: [
      link(ref, 'Find a physiotherapist', 'find-a-physiotherapist'),
      dropdown(ref, 'Advice', ['back-pain', 'preparing-for-your-appointment']),
    ],
    professionals: [
      link(ref, 'Join the Guild', 'join-full-member'),
      dropdown(ref, 'Membership', ['join-full-member', 'associate-membership']),
      dropdown(ref, 'Resources', ['cpd-resources', 'career-guidance', 'annual-review']),
    ],
    userSettings: [
      link(ref, 'My membership', 'membership'),
      link(ref, 'Account settings', 'account'),
      dropdown(ref, 'Learning', ['webinars', 'cpd', 'cpd-resources']),
    ],
    webinars: [
      link(ref, 'Upcoming webinars', 'upcoming-webinars'),
      dropdown(ref, 'Library', ['webinar-archive', 'member-free-webinars']),
    ],
    root: [
      link(ref, 'About the Guild', 'about'),
      dropdown(ref, 'The Guild', ['our-history', 'governance', 'contact']),
    ],
  },

  'api::footer.footer': {
    socialLinks: {
      twitter: 'https://twitter.example/guildhall-demo',
      facebook: 'https://facebook.example/guildhall-demo',
      linkedIn: 'https://linkedin.example/company/guildhall-demo',
      instagram: 'https://instagram.example/guildhall-demo',
    },
    contactFields: {
      emailAddress: 'hello@guildhall.example',
      organizationName: 'The Guild of Example Physiotherapists',
      phoneNumber: '01632 960 123',
      poBox: 'PO Box 1921, Sampleton EX1 9ZZ',
    },
    address: '12 Example Row\nSampleton\nEX1 2MP',
    // A made-up number in the GB format, not a real business's.
    vatNumber: 'GB999999973',
    links: [
      { title: 'About the Guild', page: ref.page('about') },
      { title: 'Contact us', page: ref.page('contact') },
      { title: 'Join the Guild', page: ref.page('join-full-member') },
      { title: 'Privacy policy', page: ref.page('privacy-policy') },
      { title: 'Terms and conditions', page: ref.page('terms') },
    ],
  },

  'api::navigation.navigation': {
    navLinkItems: [
      { label: 'About', page: ref.page('about'), childPages: ref.pages(['our-history', 'governance', 'contact']) },
      { label: 'Patients', page: ref.page('find-a-physiotherapist'), childPages: ref.pages(['back-pain', 'preparing-for-your-appointment']) },
      { label: 'Professionals', page: ref.page('join-full-member'), childPages: ref.pages(['join-full-member', 'associate-membership', 'career-guidance', 'cpd-resources']) },
      { label: 'Webinars', page: ref.page('upcoming-webinars'), childPages: ref.pages(['webinar-archive', 'member-free-webinars']) },
      { label: 'Contact', page: ref.page('contact'), childPages: [] },
    ],
  },

  'api::homepage.homepage': {
    seo: {
      metaTitle: 'Guildhall - The Guild of Example Physiotherapists',
      metaDescription: 'Advice for patients, support for physiotherapists and live webinars from the Guild.',
      shareImage: ref.media('share-image.jpg'),
    },
    blocks: [
      b.heroBanner({
        preTitle: 'The Guild of Example Physiotherapists',
        title: 'Movement, care and a community behind you',
        subtitle: 'Advice for patients, support for physiotherapists and a year-round programme of live webinars.',
        cta: { label: 'Join the Guild', page: ref.page('join-full-member') },
        image: ref.media('hero-home.jpg'),
      }),
      b.text('## Welcome to Guildhall\n\nFor a century the Guild has helped physiotherapists learn from one another and helped the public find care they can trust. *This society is fictional: everything here is demonstration content.*'),
      b.largeCards('Where would you like to start?', [
        { title: 'For patients', subtitle: 'Advice and how to find a physiotherapist.', link: ref.page('find-a-physiotherapist'), image: ref.media('card-patients.jpg') },
        { title: 'For professionals', subtitle: 'Membership, mentoring and CPD.', link: ref.page('join-full-member'), image: ref.media('card-professionals.jpg') },
        { title: 'Webinars', subtitle: 'Live sessions and a recording library.', link: ref.page('upcoming-webinars'), image: ref.media('card-webinars.jpg') },
      ]),
      b.webinarsList('Coming up', 'upcoming'),
      b.cardList('From the Guild', [
        { title: 'About the Guild', content: 'Who we are and what we do.', linkText: 'Read more', page: ref.page('about'), image: ref.media('card-about.jpg') },
        { title: 'Annual review', content: 'Our year in twelve pages.', linkText: 'Open the review', page: ref.page('annual-review'), image: ref.media('article-conference.jpg') },
        { title: 'Living well with back pain', content: 'Practical advice from our members.', linkText: 'Get advice', page: ref.page('back-pain'), image: ref.media('article-back-pain.jpg') },
      ]),
      b.button('See all webinars', { page: ref.page('upcoming-webinars'), alignment: 'center' }),
    ],
  },

  'api::join-page.join-page': {
    seo: {
      metaTitle: 'Join the Guild',
      metaDescription: 'Become a member of the Guild of Example Physiotherapists.',
      shareImage: ref.media('share-image.jpg'),
    },
    formIntro: '## Join the Guild\n\nIt takes about ten minutes. Have your **professional registration number** to hand. Your membership starts as soon as your first payment is taken.',
    yourDetailsDescription: 'Tell us who you are. We use your name on your membership certificate.',
    addressDescription: 'Where should we send the Guild Journal? We never share your address.',
    professionalDetailsDescription: 'Your registration and specialisms help us match you with webinars and mentors.',
    membershipDescription: 'Choose full membership if you are a qualified physiotherapist, or associate membership otherwise.',
    yourAccountDescription: 'Choose the email address and password you will use to sign in.',
    declarationDescription: 'Please confirm that the information you have given is true and that you agree to the Guild code of conduct.',
    termsPage: ref.page('terms'),
    privacyPolicyPage: ref.page('privacy-policy'),
    successMessage: '## Welcome to the Guild!\n\nYour application has been received. We have sent a confirmation to your email address. You can now visit **My membership** at any time.',
    specialisationOptions: [
      'Musculoskeletal',
      'Neurology',
      'Cardiorespiratory',
      'Paediatrics',
      'Pelvic health',
      'Sport and exercise',
      'Older people',
      'Mental health',
    ].map((label) => ({ label })),
    // No pattern: registration numbers take the general rule (letters, digits, spaces, dots, slashes, dashes).
    registrationNumberExample: 'PH123456',
  },
});

module.exports = { singleTypes };
