'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::join-page.join-page');
