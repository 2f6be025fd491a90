'use strict';

const fs = require('fs');
const path = require('path');

const MEDIA_DIR = path.join(__dirname, '..', '..', 'seed', 'media');

const MIME_TYPES = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

/** Alternative text for each demo file; files not listed here are not uploaded. */
const FILES = {
  'favicon.png': 'Guildhall emblem: a classical building facade',
  'guild-emblem.svg': 'Guildhall emblem: a classical building facade',
  'share-image.jpg': 'Abstract teal and sand shapes, the Guildhall colours',
  'hero-home.jpg': 'Soft teal light over a calm horizon',
  'card-patients.jpg': 'Abstract sage and teal shapes',
  'card-professionals.jpg': 'Abstract teal shapes with warm highlights',
  'card-webinars.jpg': 'Abstract plum and coral shapes',
  'card-about.jpg': 'Abstract sand and teal shapes',
  'article-back-pain.jpg': 'Abstract calm green shapes',
  'article-conference.jpg': 'Abstract evening colours with warm lights',
  'article-research.jpg': 'Abstract pale blue and plum shapes',
  'webinar-default.jpg': 'Abstract teal shapes',
  'annual-review.pdf': 'The Guild annual review (demo PDF)',
  // Used only on the members-only CPD resources page, so the site serves it to members only.
  'cpd-portfolio-guide.pdf': 'The CPD portfolio guide (demo PDF, members only)',
};

/**
 * Uploads the committed demo files through the upload plugin (so formats, sizes and URLs are
 * exactly what an editor's upload would produce). Returns file ids keyed by file name.
 */
async function uploadSeedMedia(strapi) {
  const upload = strapi.plugin('upload').service('upload');
  const ids = {};
  for (const [name, alternativeText] of Object.entries(FILES)) {
    const filepath = path.join(MEDIA_DIR, name);
    const [file] = await upload.upload({
      data: { fileInfo: { name, alternativeText } },
      files: {
        filepath,
        originalFilename: name,
        mimetype: MIME_TYPES[path.extname(name)],
        size: fs.statSync(filepath).size,
      },
    });
    ids[name] = file.id;
  }
  return ids;
}

module.exports = { uploadSeedMedia };
