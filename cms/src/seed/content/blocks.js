'use strict';

/** Builders for dynamic-zone entries, one per block component; relations are document ids. */

const text = (content) => ({ __component: 'blocks.text', content });

const textWithImage = (content, image, imagePosition = 'right') => ({
  __component: 'blocks.text-with-image',
  content,
  image,
  imagePosition,
});

const image = (file, caption) => ({ __component: 'blocks.image', image: file, caption });

const button = (title, { page, url, alignment = 'left' }) => ({
  __component: 'blocks.button',
  title,
  internalLink: page ?? null,
  externalLink: url ?? null,
  alignment,
});

const cardList = (title, cards) => ({
  __component: 'blocks.card-list',
  title,
  cardBlocks: cards.map(({ title: cardTitle, content, linkText, page, image: cardImage }) => ({
    title: cardTitle,
    content,
    bottomLinkText: linkText,
    generalPage: page,
    image: cardImage,
  })),
});

const webinarsList = (title, filter, webinars = []) => ({
  __component: 'blocks.webinars-list',
  title,
  filter,
  webinars,
});

const flipbook = (subjectTitle, { link, file }) => ({
  __component: 'blocks.flipbook',
  subjectTitle,
  flipbookLink: link,
  file,
});

const embed = (title, snippet) => ({ __component: 'blocks.embed', title, snippet });

const membershipSettings = (membership, ids) => ({
  __component: 'blocks.membership-settings',
  membership,
  ...ids,
});

const heroBanner = ({ preTitle, title, subtitle, cta, image: heroImage }) => ({
  __component: 'blocks.hero-banner',
  preTitle,
  title,
  subtitle,
  callToAction: cta,
  image: heroImage,
});

const largeCards = (title, cards) => ({
  __component: 'blocks.large-cards',
  title,
  cards,
});

module.exports = {
  text,
  textWithImage,
  image,
  button,
  cardList,
  webinarsList,
  flipbook,
  embed,
  membershipSettings,
  heroBanner,
  largeCards,
};
