'use strict';

const b = require('./blocks');

const articles = (ref) => ({
  backPain: {
    title: 'Five myths about back pain',
    slug: 'five-myths-about-back-pain',
    summary: 'Bed rest, scans and "slipped discs": what the evidence really says about everyday back pain.',
    image: ref.media('article-back-pain.jpg'),
    blocks: [
      b.text('Back pain is common, and so are the myths about it. Here are five we hear every week.\n\n1. **"Rest is best."** Gentle movement helps most people recover sooner.\n2. **"I need a scan."** Scans rarely change treatment and can cause needless worry.\n3. **"My disc has slipped."** Discs do not slip; they are firmly attached.\n4. **"Pain means damage."** Pain is real, but it is not a reliable measure of harm.\n5. **"It will never get better."** Most episodes settle within weeks.'),
      b.image(ref.media('article-back-pain.jpg'), 'Staying active is one of the best treatments.'),
      b.button('Living well with back pain', { page: ref.page('back-pain'), alignment: 'left' }),
    ],
  },
  conference: {
    title: 'Highlights from the autumn conference',
    slug: 'highlights-from-the-autumn-conference',
    summary: 'Three hundred members, twenty talks and one very long queue for coffee.',
    image: ref.media('article-conference.jpg'),
    blocks: [
      b.textWithImage(
        'This year\'s conference in Sampleton brought together three hundred members for two days of talks, workshops and conversation.\n\nThe keynote on **rehabilitation after long illness** drew the biggest audience, and the student poster prize went to a project on falls prevention.',
        ref.media('article-conference.jpg'),
        'right',
      ),
      b.embed(
        'Conference programme summary',
        '<table style="font-family:sans-serif;border-collapse:collapse"><tr><th style="text-align:left;padding:4px 12px">Day 1</th><td>Keynotes and workshops</td></tr><tr><th style="text-align:left;padding:4px 12px">Day 2</th><td>Research presentations and awards</td></tr></table>',
      ),
      b.button('Browse the recordings', { page: ref.page('webinar-archive'), alignment: 'center' }),
    ],
  },
  research: {
    title: 'New research round-up: exercise for older adults',
    slug: 'research-round-up-exercise-for-older-adults',
    summary: 'A summary of recent studies on strength and balance training after 70.',
    image: ref.media('article-research.jpg'),
    blocks: [
      b.text('Our research round-up summarises studies members have asked about. This edition looks at **strength and balance training for adults over 70**.\n\n> Programmes that people enjoy are the ones they keep doing.\n\nThe strongest results came from progressive, supervised programmes of at least twelve weeks.'),
      b.webinarsList('Related webinars', 'all', [ref.webinar('olderAdults'), ref.webinar('clinicalReasoning')]),
      b.textWithImage('Want to go deeper? Members can read the full reviews in the CPD library.', ref.media('article-research.jpg'), 'left'),
    ],
  },
  // Written the original way, only in blocks: lists take its teaser from the first paragraph and image.
  mentoring: {
    title: 'A year of the mentoring scheme',
    slug: 'a-year-of-the-mentoring-scheme',
    blocks: [
      b.text('## Pairs that work\n\nOne hundred and twenty members joined the mentoring scheme in its first year, and nine in ten pairs are still meeting.\n\nMentors say they learn as much as the people they support.'),
      b.image(ref.media('card-professionals.jpg'), 'Mentors and mentees met at the autumn conference.'),
    ],
  },
});

module.exports = { articles };
