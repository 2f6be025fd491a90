'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::join-page.join-page');
